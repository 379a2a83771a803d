import { PutObjectCommand } from '@aws-sdk/client-s3';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createS3Client } from '../../src/infra/storage/s3-client.js';
import { StoragePort } from '../../src/infra/storage/storage.port.js';
import { s3rverObjectFile } from './s3-server.mjs';
import type { TestApp } from './test-app.js';

/**
 * What a test app keeps in its media storage, local disk or S3 bucket alike (STORAGE=s3 runs every e2e test against
 * the S3 test server): reads go through the storage port, `plant` writes past it.
 */
export interface StoredMedia {
  has(path: string): Promise<boolean>;
  /** The stored paths of one company, sorted. */
  paths(companyId: number): Promise<string[]>;
  /** A file at `path` that no upload made (left by a crash, an older release...), dated `modifiedAt` when given. */
  plant(path: string, data: Buffer, modifiedAt?: Date): Promise<void>;
}

/** `s3Directory`: the data folder of the S3 test server the app uses (default: the global setup's), to back-date objects. */
export function storedMedia(t: TestApp, s3Directory = process.env.S3_TEST_SERVER_DIR): StoredMedia {
  const storage = () => t.app.get(StoragePort);
  return {
    has: async (path) => (await storage().stat(path)) !== null,
    paths: async (companyId) => {
      const paths: string[] = [];
      for await (const entry of storage().list()) if (entry.path.startsWith(`company${companyId}/`)) paths.push(entry.path);
      return paths.sort();
    },
    plant: async (path, data, modifiedAt) => {
      const s3 = t.config.storage.driver === 's3' ? t.config.storage.s3 : null;
      if (!s3) {
        const file = join(t.config.dataDir, 'public', path);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, data);
        if (modifiedAt) utimesSync(file, modifiedAt, modifiedAt);
        return;
      }
      const client = createS3Client(s3);
      try {
        await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: path, Body: data }));
      } finally {
        client.destroy();
      }
      if (!modifiedAt) return;
      // S3 sets LastModified itself; the test server (s3rver) takes it from its file's mtime.
      if (!s3Directory) throw new Error('Back-dating an object needs the data folder of the S3 test server');
      utimesSync(s3rverObjectFile(s3Directory, s3.bucket, path), modifiedAt, modifiedAt);
    },
  };
}
