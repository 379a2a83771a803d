import { Inject, Injectable } from '@nestjs/common';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { appError } from '../../common/errors/app-error.js';
import { byteLimit, tooLarge } from './byte-limit.js';
import { baseMimetype, MAX_MEDIA_BYTES, mimetypeForPath } from './media-types.js';
import { assertStoredPath, newStoredPath, PATH_PATTERN } from './stored-path.js';
import { type ByteRange, type OpenedFile, StoragePort, type StoredEntry, type StoredFile, type StoredStat } from './storage.port.js';

const FOLDER_PATTERN = /^company\d+$/;

export const publicRoot = (config: Pick<AppConfig, 'dataDir'>): string => resolve(config.dataDir, 'public');

const isMissing = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 'ENOENT';

/** Files under `${DATA_DIR}/public/company{id}/`, served by express.static (ranges, ETags) at /public. */
@Injectable()
export class LocalStorageAdapter extends StoragePort {
  private readonly root: string;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'dataDir'>) {
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

  async open(path: string, range?: ByteRange): Promise<OpenedFile | null> {
    const found = await this.stat(path);
    if (!found) return null;
    return { ...found, stream: createReadStream(this.absolute(path), range ? { start: range.start, end: range.end } : {}) };
  }

  async stat(path: string): Promise<StoredStat | null> {
    try {
      const info = await stat(this.absolute(path));
      return info.isFile() ? { size: info.size, mimetype: mimetypeForPath(path), modifiedAt: info.mtime } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
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
        if (info?.isFile()) yield { path, size: info.size, modifiedAt: info.mtime };
      }
    }
  }

  private async newPath(companyId: number, mimetype: string): Promise<{ path: string; absolute: string }> {
    const path = newStoredPath(companyId, mimetype);
    const absolute = this.absolute(path);
    await mkdir(dirname(absolute), { recursive: true });
    return { path, absolute };
  }

  /** Only paths this adapter generated resolve; anything else is refused before touching the disk. */
  private absolute(path: string): string {
    const absolute = resolve(this.root, assertStoredPath(path));
    if (!absolute.startsWith(this.root + sep)) throw appError('ERR_INVALID_MEDIA_PATH');
    return absolute;
  }
}
