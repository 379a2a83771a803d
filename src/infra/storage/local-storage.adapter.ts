import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { appError, AppError } from '../../common/errors/app-error.js';
import { baseMimetype, extensionFor, MAX_MEDIA_BYTES } from './media-types.js';
import { StoragePort, type StoredEntry, type StoredFile } from './storage.port.js';

/** The only shape of a stored path: `company{id}/{32 hex}.{ext}`, as `newPath` makes it. */
export const PATH_PATTERN = /^company\d+\/[a-f0-9]{32}\.[a-z0-9]{2,5}$/;
const FOLDER_PATTERN = /^company\d+$/;

export const publicRoot = (config: AppConfig): string => resolve(config.dataDir, 'public');

export const tooLarge = (maxBytes: number): AppError => appError('ERR_MEDIA_TOO_LARGE', `Files larger than ${maxBytes} bytes are not accepted`, { maxBytes });

/** Counts bytes as they pass and fails the stream past the limit. */
function byteLimit(maxBytes: number): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counter.bytes += chunk.length;
      done(counter.bytes > maxBytes ? tooLarge(maxBytes) : null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}

@Injectable()
export class LocalStorageAdapter extends StoragePort {
  private readonly root: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super();
    this.root = publicRoot(config);
  }

  async save(companyId: number, data: Buffer, mimetype: string): Promise<StoredFile> {
    const { path, absolute } = await this.newPath(companyId, mimetype);
    if (data.length > MAX_MEDIA_BYTES) throw tooLarge(MAX_MEDIA_BYTES);
    await writeFile(absolute, data, { flag: 'wx' });
    return { path, size: data.length, mimetype: baseMimetype(mimetype) };
  }

  async saveStream(companyId: number, source: Readable, mimetype: string, maxBytes: number): Promise<StoredFile> {
    const { path, absolute } = await this.newPath(companyId, mimetype);
    const counter = byteLimit(Math.min(maxBytes, MAX_MEDIA_BYTES));
    try {
      await pipeline(source, counter, createWriteStream(absolute, { flags: 'wx' }));
    } catch (error) {
      await rm(absolute, { force: true });
      throw error;
    }
    return { path, size: counter.bytes, mimetype: baseMimetype(mimetype) };
  }

  async read(path: string): Promise<Buffer> {
    return readFile(this.absolute(path));
  }

  async remove(path: string): Promise<void> {
    await rm(this.absolute(path), { force: true });
  }

  async *list(): AsyncIterable<StoredEntry> {
    const folders = await readdir(this.root).catch(() => [] as string[]);
    for (const folder of folders.filter((name) => FOLDER_PATTERN.test(name))) {
      for (const name of await readdir(join(this.root, folder)).catch(() => [] as string[])) {
        const path = `${folder}/${name}`;
        if (!PATH_PATTERN.test(path)) continue;
        const info = await stat(join(this.root, path)).catch(() => null);
        if (info?.isFile()) yield { path, modifiedAt: info.mtime };
      }
    }
  }

  /** A fresh generated name in the company's folder; the type decides the extension and must be allowed. */
  private async newPath(companyId: number, mimetype: string): Promise<{ path: string; absolute: string }> {
    const extension = extensionFor(mimetype);
    if (!extension) throw appError('ERR_MEDIA_TYPE_NOT_ALLOWED', `Files of type ${baseMimetype(mimetype)} are not accepted`);
    const folder = `company${Math.trunc(companyId)}`;
    const path = `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
    await mkdir(join(this.root, folder), { recursive: true });
    return { path, absolute: join(this.root, path) };
  }

  /** Only paths this adapter generated resolve; anything else is refused before touching the disk. */
  private absolute(path: string): string {
    if (!PATH_PATTERN.test(path)) throw appError('ERR_INVALID_MEDIA_PATH');
    const absolute = resolve(this.root, path);
    if (!absolute.startsWith(this.root + sep)) throw appError('ERR_INVALID_MEDIA_PATH');
    return absolute;
  }
}
