import type { Readable } from 'node:stream';

export interface StoredFile {
  /** `company{id}/{generated}.{ext}`: the public path under /public/. */
  path: string;
  size: number;
  mimetype: string;
}

/** A stored file as a sweep or a copy sees it: its path, size and when it was last written. */
export interface StoredEntry {
  path: string;
  size: number;
  modifiedAt: Date;
}

/** What serving a file needs before its bytes: the type comes from the extension storage gave it. */
export interface StoredStat {
  size: number;
  mimetype: string;
  modifiedAt: Date;
}

/** Bytes `start` to `end`, both included (an HTTP range). */
export interface ByteRange {
  start: number;
  end: number;
}

/** A file opened for reading: `size` is the whole file's, `stream` carries the range asked for, or all of it. */
export interface OpenedFile extends StoredStat {
  stream: Readable;
}

/** File storage in per-company folders with server-generated names: a local directory (default) or an S3 bucket. */
export abstract class StoragePort {
  abstract save(companyId: number, data: Buffer, mimetype: string): Promise<StoredFile>;
  /**
   * Writes a stream as it arrives, never holding it in memory. Past `maxBytes` it fails with ERR_MEDIA_TOO_LARGE
   * (413) and the partial file is removed.
   */
  abstract saveStream(companyId: number, source: Readable, mimetype: string, maxBytes: number): Promise<StoredFile>;
  abstract read(path: string): Promise<Buffer>;
  /** A stream of the file (or of one range of it) for an HTTP answer; null when there is no such file. */
  abstract open(path: string, range?: ByteRange): Promise<OpenedFile | null>;
  /** Size, type and date of a file; null when there is none. */
  abstract stat(path: string): Promise<StoredStat | null>;
  abstract remove(path: string): Promise<void>;
  /** Every stored file of every company (for the orphan sweep and the copy to another storage). */
  abstract list(): AsyncIterable<StoredEntry>;
}
