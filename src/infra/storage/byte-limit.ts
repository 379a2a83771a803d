import { Transform } from 'node:stream';
import { type AppError, appError } from '../../common/errors/app-error.js';

export const tooLarge = (maxBytes: number): AppError => appError('ERR_MEDIA_TOO_LARGE', `Files larger than ${maxBytes} bytes are not accepted`, { maxBytes });

export type ByteLimit = Transform & { bytes: number };

/** Counts bytes as they pass and fails the stream with ERR_MEDIA_TOO_LARGE (413) past the limit. */
export function byteLimit(maxBytes: number): ByteLimit {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counter.bytes += chunk.length;
      done(counter.bytes > maxBytes ? tooLarge(maxBytes) : null, chunk);
    },
  }) as ByteLimit;
  counter.bytes = 0;
  return counter;
}
