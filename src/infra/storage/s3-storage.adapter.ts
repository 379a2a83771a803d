import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, paginateListObjectsV2, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { OnModuleDestroy } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Config } from '../../config/app-config.js';
import { byteLimit, tooLarge } from './byte-limit.js';
import { baseMimetype, MAX_MEDIA_BYTES, mimetypeForPath } from './media-types.js';
import { createS3Client, isNoSuchKey, storageFailure } from './s3-client.js';
import { assertStoredPath, newStoredPath, PATH_PATTERN } from './stored-path.js';
import { type ByteRange, type OpenedFile, StoragePort, type StoredEntry, type StoredFile, type StoredStat } from './storage.port.js';

/** S3's smallest part; with two in flight, an upload buffers a few parts at most, whatever the file's size. */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
const LIST_PAGE = 1000;

/** What `read` throws for a missing object: the same code as the local adapter's missing file. */
const noSuchFile = (path: string): Error => Object.assign(new Error(`ENOENT: no stored file ${path}`), { code: 'ENOENT' });

/**
 * Media as objects of an S3-compatible bucket (AWS S3, MinIO, R2), under the keys the local adapter uses as paths, so
 * API and worker processes on different machines share them. Keys are checked against PATH_PATTERN before any request.
 */
export class S3StorageAdapter extends StoragePort implements OnModuleDestroy {
  private readonly bucket: string;

  constructor(
    config: S3Config,
    private readonly client: S3Client = createS3Client(config),
    private readonly listPage = LIST_PAGE,
  ) {
    super();
    this.bucket = config.bucket;
  }

  async save(companyId: number, data: Buffer, mimetype: string): Promise<StoredFile> {
    const path = newStoredPath(companyId, mimetype);
    if (data.length > MAX_MEDIA_BYTES) throw tooLarge(MAX_MEDIA_BYTES);
    await this.attempt(() =>
      this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: path, Body: data, ContentLength: data.length, ContentType: baseMimetype(mimetype) })),
    );
    return { path, size: data.length, mimetype: baseMimetype(mimetype) };
  }

  /** A multipart upload fed as the bytes arrive; past the limit the stream fails and the parts sent are discarded. */
  async saveStream(companyId: number, source: Readable, mimetype: string, maxBytes: number): Promise<StoredFile> {
    const path = newStoredPath(companyId, mimetype);
    const limit = Math.min(maxBytes, MAX_MEDIA_BYTES);
    const counter = byteLimit(limit);
    // A failing source or limit destroys `counter`, whose reader (the upload) then fails and aborts: reported there.
    pipeline(source, counter).catch(() => undefined);
    try {
      await this.upload(path, counter, baseMimetype(mimetype));
    } catch (error) {
      counter.destroy();
      throw counter.bytes > limit ? tooLarge(limit) : error;
    }
    return { path, size: counter.bytes, mimetype: baseMimetype(mimetype) };
  }

  /** Writes `source` under a given stored path (copying files in from another storage); replaces what was there. */
  async saveAt(path: string, source: Readable, size: number): Promise<void> {
    await this.upload(assertStoredPath(path), source, mimetypeForPath(path), size);
  }

  async read(path: string): Promise<Buffer> {
    const found = await this.get(path);
    if (!found) throw noSuchFile(path);
    const bytes = await found.Body!.transformToByteArray();
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  async open(path: string, range?: ByteRange): Promise<OpenedFile | null> {
    const found = await this.get(path, range);
    if (!found) return null;
    // A ranged answer says the whole object's size after the slash: `bytes 0-99/1234`.
    const total = range ? Number(/\/(\d+)$/.exec(found.ContentRange ?? '')?.[1]) : found.ContentLength;
    return {
      stream: found.Body as Readable,
      size: Number.isFinite(total) ? Number(total) : 0,
      mimetype: mimetypeForPath(path),
      modifiedAt: found.LastModified ?? new Date(0),
    };
  }

  async stat(path: string): Promise<StoredStat | null> {
    const key = assertStoredPath(path);
    try {
      const head = await this.attempt(() => this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key })));
      return { size: head.ContentLength ?? 0, mimetype: mimetypeForPath(path), modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNoSuchKey(error)) return null;
      throw error;
    }
  }

  async remove(path: string): Promise<void> {
    const key = assertStoredPath(path);
    await this.attempt(() => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })));
  }

  async *list(): AsyncIterable<StoredEntry> {
    try {
      for await (const page of paginateListObjectsV2({ client: this.client, pageSize: this.listPage }, { Bucket: this.bucket, Prefix: 'company' })) {
        for (const object of page.Contents ?? []) {
          if (object.Key && PATH_PATTERN.test(object.Key)) yield { path: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
        }
      }
    } catch (error) {
      throw storageFailure(error);
    }
  }

  onModuleDestroy(): void {
    this.client.destroy();
  }

  private async get(path: string, range?: ByteRange) {
    const key = assertStoredPath(path);
    try {
      return await this.attempt(() =>
        this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined })),
      );
    } catch (error) {
      if (isNoSuchKey(error)) return null;
      throw error;
    }
  }

  private async upload(key: string, body: Readable, contentType: string, size?: number): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: contentType, ContentLength: size },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
    });
    try {
      await upload.done();
    } catch (error) {
      throw storageFailure(error);
    }
  }

  /** One request; an outage comes out as a ServiceOutageError. */
  private async attempt<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw storageFailure(error);
    }
  }
}
