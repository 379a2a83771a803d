import { Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { isInfrastructureError, RETRY_AFTER_SECONDS } from '../../common/errors/infrastructure-error.js';
import type { ByteRange, StoragePort, StoredStat } from './storage.port.js';

const logger = new Logger('Media');

/**
 * Answers GET or HEAD with a stored file streamed through the storage port (S3: GetObject / HeadObject), one byte range
 * when the browser asks for one (video seeking), or calls `missing`. An unreachable store is a 503 with Retry-After,
 * never a crash; a failure halfway through the bytes cuts the response, as a broken download does.
 */
export function sendStored(storage: StoragePort, path: string, cacheControl: string, req: Request, res: Response, missing: () => void): void {
  answer(storage, path, cacheControl, req, res, missing).catch((error: unknown) => failed(res, error));
}

async function answer(storage: StoragePort, path: string, cacheControl: string, req: Request, res: Response, missing: () => void): Promise<void> {
  let range: ByteRange | undefined;
  if (req.method === 'HEAD' || req.headers.range) {
    const stat = await storage.stat(path);
    if (!stat) return missing();
    if (req.method === 'HEAD') {
      describe(res, stat, cacheControl, stat.size);
      res.status(200).end();
      return;
    }
    const ranges = req.range(stat.size, { combine: true });
    if (ranges === -1) {
      res.status(416).setHeader('Content-Range', `bytes */${stat.size}`).end();
      return;
    }
    // A malformed header or several ranges: the whole file, as a server that ignores Range answers.
    if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1) range = { start: ranges[0]!.start, end: ranges[0]!.end };
  }
  const file = await storage.open(path, range);
  if (!file) return missing();
  if (res.destroyed) {
    file.stream.destroy();
    return;
  }
  describe(res, file, cacheControl, range ? range.end - range.start + 1 : file.size);
  if (range) res.status(206).setHeader('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
  else res.status(200);
  await pipeline(file.stream, res).catch((error: unknown) => {
    if (!res.writableFinished) logger.warn(`media ${path} cut short: ${error instanceof Error ? error.message : String(error)}`);
  });
}

function describe(res: Response, file: StoredStat, cacheControl: string, length: number): void {
  res.type(file.mimetype);
  res.setHeader('Content-Length', String(length));
  res.setHeader('Last-Modified', file.modifiedAt.toUTCString());
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Cache-Control', cacheControl);
}

function failed(res: Response, error: unknown): void {
  const outage = isInfrastructureError(error);
  if (outage) logger.warn(`media storage unavailable: ${error instanceof Error ? error.message : String(error)}`);
  else logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.setHeader('Cache-Control', 'no-store');
  if (outage) {
    res
      .status(503)
      .setHeader('Retry-After', String(RETRY_AFTER_SECONDS))
      .json({ error: 'ERR_SERVICE_UNAVAILABLE', message: 'Serviço temporariamente indisponível. Tente novamente em instantes.' });
    return;
  }
  res.status(500).json({ error: 'ERR_INTERNAL', message: 'Internal server error' });
}
