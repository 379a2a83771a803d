import type { Readable } from 'node:stream';

export interface StoredFile {
  /** `company{id}/{generated}.{ext}`: the public path under /public/. */
  path: string;
  size: number;
  mimetype: string;
}

/** A stored file as a sweep sees it: its path and when it was last written. */
export interface StoredEntry {
  path: string;
  modifiedAt: Date;
}

/** File storage in per-company folders with server-generated names (local directory by default). */
export abstract class StoragePort {
  abstract save(companyId: number, data: Buffer, mimetype: string): Promise<StoredFile>;
  /**
   * Writes a stream as it arrives, never holding it in memory. Past `maxBytes` it fails with ERR_MEDIA_TOO_LARGE
   * (413) and the partial file is removed.
   */
  abstract saveStream(companyId: number, source: Readable, mimetype: string, maxBytes: number): Promise<StoredFile>;
  abstract read(path: string): Promise<Buffer>;
  abstract remove(path: string): Promise<void>;
  /** Every stored file of every company (for the orphan sweep). */
  abstract list(): AsyncIterable<StoredEntry>;
}
