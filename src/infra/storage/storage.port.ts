export interface StoredFile {
  /** `company{id}/{generated}.{ext}`: the public path under /public/. */
  path: string;
  size: number;
  mimetype: string;
}

/** File storage in per-company folders with server-generated names (local directory by default). */
export abstract class StoragePort {
  abstract save(companyId: number, data: Buffer, mimetype: string): Promise<StoredFile>;
  abstract read(path: string): Promise<Buffer>;
  abstract remove(path: string): Promise<void>;
}
