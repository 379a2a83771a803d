import busboy from 'busboy';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { appError, fieldError } from '../../../common/errors/app-error.js';
import type { StoredFile } from '../storage.port.js';
import type { UploadedMedia, UploadLimits } from './uploaded-media.js';

/** Text fields beside the files (a caption, a quoted message id, a number): few and small. */
const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 256 * 1024;
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export interface ReceivedMultipart {
  files: UploadedMedia[];
  fields: Record<string, string>;
}

export interface MultipartSink {
  save(stream: Readable, mimetype: string): Promise<StoredFile>;
  remove(path: string): Promise<void>;
}

/**
 * Parses a multipart body as it arrives: each file streams straight into storage, limits are checked while the
 * bytes flow, and on any failure the parse stops (the rest of the body is left unread) and every file written for
 * this request is removed.
 */
export function receiveMultipart(req: IncomingMessage, limits: UploadLimits, sink: MultipartSink): Promise<ReceivedMultipart> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      defParamCharset: 'utf8',
      limits: {
        files: limits.maxFiles,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        fieldNameSize: 100,
        parts: limits.maxFiles + MAX_FIELDS,
        headerPairs: 20,
      },
    });
  } catch {
    return Promise.reject(appError('ERR_MULTIPART_INVALID', 'The multipart body could not be read'));
  }

  return new Promise<ReceivedMultipart>((resolve, reject) => {
    const files: (UploadedMedia | undefined)[] = [];
    const fields: Record<string, string> = {};
    const writing = new Set<Readable>();
    const pending: Promise<unknown>[] = [];
    let failed = false;

    const cleanUp = async () => {
      await Promise.allSettled(pending);
      await Promise.allSettled(files.filter((f): f is UploadedMedia => !!f).map((f) => sink.remove(f.path)));
    };
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      req.off('close', onClose);
      for (const stream of writing) stream.destroy(error instanceof Error ? error : new Error(String(error)));
      void cleanUp().then(() => reject(error));
    };
    const onClose = () => {
      if (!req.complete) fail(appError('ERR_UPLOAD_ABORTED', 'The upload was interrupted'));
    };

    parser.on('file', (name, stream, info) => {
      if (failed) return void stream.resume();
      if (name !== limits.field) {
        stream.resume();
        return fail(fieldError(name, `files go in the field ${limits.field}`));
      }
      // Destroyed with the request's error when the upload fails; the failure is reported once, by fail().
      stream.on('error', () => undefined);
      const index = files.length;
      files.push(undefined);
      writing.add(stream);
      pending.push(
        sink
          .save(stream, info.mimeType)
          .then(
            (stored) => {
              files[index] = { ...stored, originalName: info.filename ?? '' };
              if (failed) void sink.remove(stored.path);
            },
            (error: unknown) => fail(error),
          )
          .finally(() => writing.delete(stream)),
      );
    });
    parser.on('field', (name, value, info) => {
      if (failed) return;
      if (UNSAFE_KEYS.has(name)) return fail(fieldError(name, 'is not an accepted field'));
      if (info.nameTruncated || info.valueTruncated) return fail(fieldError(name, `at most ${MAX_FIELD_BYTES} bytes`, 'ERR_FIELD_TOO_LARGE'));
      fields[name] = value;
    });
    parser.on('filesLimit', () => fail(fieldError(limits.field, `at most ${limits.maxFiles} files`, 'ERR_TOO_MANY_FILES')));
    parser.on('fieldsLimit', () => fail(fieldError('body', `at most ${MAX_FIELDS} fields`)));
    parser.on('partsLimit', () => fail(fieldError('body', `at most ${limits.maxFiles + MAX_FIELDS} parts`)));
    parser.on('error', () => fail(appError('ERR_MULTIPART_INVALID', 'The multipart body could not be read')));
    parser.on('close', () => {
      void Promise.all(pending).then(() => {
        if (failed) return;
        req.off('close', onClose);
        resolve({ files: files.filter((f): f is UploadedMedia => !!f), fields });
      });
    });
    req.on('close', onClose);
    req.pipe(parser);
  });
}
