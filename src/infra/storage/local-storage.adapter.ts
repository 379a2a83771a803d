import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AppError } from '../../common/errors/app-error.js';
import { baseMimetype, extensionFor, MAX_MEDIA_BYTES } from './media-types.js';
import { StoragePort, type StoredFile } from './storage.port.js';

const PATH_PATTERN = /^company\d+\/[a-f0-9]{32}\.[a-z0-9]{2,5}$/;

export const publicRoot = (config: AppConfig): string => resolve(config.dataDir, 'public');

@Injectable()
export class LocalStorageAdapter extends StoragePort {
  private readonly root: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super();
    this.root = publicRoot(config);
  }

  async save(companyId: number, data: Buffer, mimetype: string): Promise<StoredFile> {
    const extension = extensionFor(mimetype);
    if (!extension) throw new AppError('ERR_MEDIA_TYPE_NOT_ALLOWED', 415, {}, `Files of type ${baseMimetype(mimetype)} are not accepted`);
    if (data.length > MAX_MEDIA_BYTES) throw new AppError('ERR_MEDIA_TOO_LARGE', 413, { maxBytes: MAX_MEDIA_BYTES });
    const folder = `company${Math.trunc(companyId)}`;
    const path = `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
    await mkdir(join(this.root, folder), { recursive: true });
    await writeFile(join(this.root, path), data, { flag: 'wx' });
    return { path, size: data.length, mimetype: baseMimetype(mimetype) };
  }

  async read(path: string): Promise<Buffer> {
    return readFile(this.absolute(path));
  }

  async remove(path: string): Promise<void> {
    await rm(this.absolute(path), { force: true });
  }

  /** Only paths this adapter generated resolve; anything else is refused before touching the disk. */
  private absolute(path: string): string {
    if (!PATH_PATTERN.test(path)) throw new AppError('ERR_INVALID_MEDIA_PATH', 400);
    const absolute = resolve(this.root, path);
    if (!absolute.startsWith(this.root + sep)) throw new AppError('ERR_INVALID_MEDIA_PATH', 400);
    return absolute;
  }
}
