import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { isInfrastructureError } from '../../src/common/errors/infrastructure-error.js';
import { LocalStorageAdapter } from '../../src/infra/storage/local-storage.adapter.js';
import { createS3Client } from '../../src/infra/storage/s3-client.js';
import { S3StorageAdapter } from '../../src/infra/storage/s3-storage.adapter.js';
import type { StoragePort, StoredEntry } from '../../src/infra/storage/storage.port.js';
import { type S3TestServer, startS3Server } from '../utils/s3-server.mjs';

const MB = 1024 * 1024;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/**
 * `total` bytes in 64 KiB chunks (as busboy hands them), made as they are read: never all in memory. Past `failAfter`
 * bytes the stream fails, as busboy's does when the sender goes away.
 */
function generated(total: number, seed = 1, failAfter = Number.POSITIVE_INFINITY): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent > failAfter) return void this.destroy(Object.assign(new Error('The upload was interrupted'), { code: 'ERR_UPLOAD_ABORTED' }));
      if (sent >= total) return void this.push(null);
      const size = Math.min(64 * 1024, total - sent);
      const chunk = Buffer.alloc(size, (sent / (64 * 1024) + seed) % 251);
      sent += size;
      this.push(chunk);
    },
  });
}

async function sha256(stream: AsyncIterable<Buffer>): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk);
  return hash.digest('hex');
}

async function all(entries: AsyncIterable<StoredEntry>): Promise<StoredEntry[]> {
  const list: StoredEntry[] = [];
  for await (const entry of entries) list.push(entry);
  return list;
}

interface Subject {
  storage: StoragePort;
  /** Writes a file at any path, past the adapter (what another program could leave there). */
  plant(path: string, data: Buffer): Promise<void>;
  /** Multipart uploads begun and never completed nor aborted (S3 only). */
  pendingUploads(): string[];
  /** Requests the adapter sent to the bucket (S3 only). */
  requests(): number;
  close(): Promise<void>;
}

async function localSubject(): Promise<Subject> {
  const dataDir = mkdtempSync(join(tmpdir(), 'storage-contract-'));
  const root = join(dataDir, 'public');
  return {
    storage: new LocalStorageAdapter({ dataDir }),
    plant: async (path, data) => {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), data);
    },
    pendingUploads: () => [],
    requests: () => 0,
    close: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** Counts every request the client sends, so a refused path can be shown to have sent none. */
function counted(client: S3Client): { client: S3Client; count: () => number } {
  let count = 0;
  client.middlewareStack.add(
    (next) => (args) => {
      count += 1;
      return next(args);
    },
    { step: 'initialize', name: 'countRequests' },
  );
  return { client, count: () => count };
}

async function s3Subject(): Promise<Subject> {
  const server = await startS3Server();
  const { client, count } = counted(createS3Client(server.config));
  const storage = new S3StorageAdapter(server.config, client, 2);
  return {
    storage,
    plant: async (path, data) => void (await client.send(new PutObjectCommand({ Bucket: server.bucket, Key: path, Body: data }))),
    pendingUploads: () => server.pendingUploads(),
    requests: count,
    close: async () => {
      storage.onModuleDestroy();
      await server.stop();
    },
  };
}

describe.each([
  ['local disk', localSubject],
  ['S3 bucket', s3Subject],
])('storage contract: %s', (_name, make) => {
  let subject: Subject;
  let storage: StoragePort;

  beforeAll(async () => {
    subject = await make();
    storage = subject.storage;
  });
  afterAll(async () => {
    await subject?.close();
  });

  it('gives a saved file a generated path and reads it back, whole or by range', async () => {
    const saved = await storage.save(7, PNG, 'image/png');
    expect(saved).toEqual({ path: expect.stringMatching(/^company7\/[a-f0-9]{32}\.png$/), size: PNG.length, mimetype: 'image/png' });
    expect(Buffer.compare(await storage.read(saved.path), PNG)).toBe(0);

    const stat = await storage.stat(saved.path);
    expect(stat).toMatchObject({ size: PNG.length, mimetype: 'image/png' });
    // Dates from node:fs come from another realm than jest's: compared by value.
    expect(Math.abs(stat!.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);

    const whole = await storage.open(saved.path);
    expect(whole).toMatchObject({ size: PNG.length, mimetype: 'image/png' });
    expect(Buffer.concat(await whole!.stream.toArray())).toEqual(PNG);
    const part = await storage.open(saved.path, { start: 2, end: 5 });
    expect(part!.size).toBe(PNG.length);
    expect(Buffer.concat(await part!.stream.toArray())).toEqual(PNG.subarray(2, 6));

    const typed = await storage.saveStream(7, Readable.from([Buffer.from('a;b\n')]), 'text/csv; charset=utf-8', MB);
    expect(typed).toMatchObject({ path: expect.stringMatching(/\.csv$/), size: 4, mimetype: 'text/csv' });
  });

  it('streams a large file in (multipart in S3) without holding it, and reads it back intact', async () => {
    const size = 12 * MB + 12345;
    const before = process.memoryUsage().rss;
    const started = Date.now();
    const saved = await storage.saveStream(7, generated(size), 'video/mp4', 100 * MB);
    const ms = Date.now() - started;
    const growthMb = (process.memoryUsage().rss - before) / MB;
    expect(saved.size).toBe(size);
    expect((await storage.stat(saved.path))!.size).toBe(size);
    expect(await sha256((await storage.open(saved.path))!.stream)).toBe(await sha256(generated(size)));
    expect(subject.pendingUploads()).toEqual([]);
    console.log(`${_name}: ${(size / MB).toFixed(1)} MB streamed in ${ms} ms, rss +${growthMb.toFixed(1)} MB`);
  });

  it.each([
    ['in one part', 3 * MB, 2 * MB],
    ['after parts were sent', 13 * MB, 11 * MB],
  ])('refuses a stream past the limit %s with 413 and keeps nothing of it', async (_case, size, limit) => {
    const before = (await all(storage.list())).length;
    await expect(storage.saveStream(8, generated(size), 'video/mp4', limit)).rejects.toMatchObject({ code: 'ERR_MEDIA_TOO_LARGE', status: 413 });
    expect((await all(storage.list())).filter((entry) => entry.path.startsWith('company8/'))).toEqual([]);
    expect((await all(storage.list())).length).toBe(before);
    expect(subject.pendingUploads()).toEqual([]);
  });

  it('keeps nothing of an upload whose sender went away', async () => {
    await expect(storage.saveStream(9, generated(9 * MB, 1, 6 * MB), 'video/mp4', 100 * MB)).rejects.toMatchObject({ code: 'ERR_UPLOAD_ABORTED' });
    expect((await all(storage.list())).filter((entry) => entry.path.startsWith('company9/'))).toEqual([]);
    expect(subject.pendingUploads()).toEqual([]);
  });

  it.each([
    ['a parent folder', '../../etc/passwd'],
    ['a parent folder inside a company path', `company1/../../${'a'.repeat(32)}.png`],
    ['an absolute path', `/company1/${'a'.repeat(32)}.png`],
    ['a sender-chosen file name', 'company1/foto da festa.png'],
    ['another folder', `secrets/${'a'.repeat(32)}.png`],
    ['a dot file', 'company1/.env'],
    ['an empty path', ''],
  ])('refuses %s before any request', async (_case, path) => {
    const sent = subject.requests();
    for (const attempt of [() => storage.read(path), () => storage.open(path), () => storage.stat(path), () => storage.remove(path)]) {
      await expect(attempt()).rejects.toMatchObject({ code: 'ERR_INVALID_MEDIA_PATH' });
    }
    expect(subject.requests()).toBe(sent);
  });

  it('refuses a type it does not store', async () => {
    await expect(storage.save(1, PNG, 'application/x-msdownload')).rejects.toMatchObject({ code: 'ERR_MEDIA_TYPE_NOT_ALLOWED' });
    await expect(storage.saveStream(1, Readable.from([PNG]), 'text/html', MB)).rejects.toMatchObject({ code: 'ERR_MEDIA_TYPE_NOT_ALLOWED' });
  });

  it('removes a file, and removing it again is no error', async () => {
    const saved = await storage.save(10, PNG, 'image/png');
    await storage.remove(saved.path);
    expect(await storage.stat(saved.path)).toBeNull();
    expect(await storage.open(saved.path)).toBeNull();
    await expect(storage.read(saved.path)).rejects.toMatchObject({ code: 'ENOENT' });
    await storage.remove(saved.path);
  });

  it('lists every stored file with its size and date, page after page, and nothing else', async () => {
    const saved = [
      await storage.save(11, PNG, 'image/png'),
      await storage.save(11, Buffer.from('%PDF'), 'application/pdf'),
      await storage.save(12, PNG, 'image/png'),
    ];
    await subject.plant('company11/notes.txt', Buffer.from('not ours'));
    await subject.plant(`other/${'d'.repeat(32)}.png`, PNG);
    const listed = (await all(storage.list())).filter((entry) => /^company1[12]\//.test(entry.path));
    expect(listed.map((entry) => entry.path).sort()).toEqual(saved.map((file) => file.path).sort());
    for (const file of saved) {
      const entry = listed.find((listedEntry) => listedEntry.path === file.path)!;
      expect(entry.size).toBe(file.size);
      expect(Math.abs(entry.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
    }
  });
});

describe('S3 storage while the bucket is unreachable', () => {
  let server: S3TestServer;
  let storage: S3StorageAdapter;

  beforeAll(async () => {
    server = await startS3Server();
    storage = new S3StorageAdapter(server.config);
  });
  afterAll(async () => {
    storage.onModuleDestroy();
    await server.stop();
  });

  it('fails every call as an outage (503 upstream), and works again when it is back', async () => {
    const saved = await storage.save(1, PNG, 'image/png');
    await server.stop({ keepData: true });
    const outages = [
      storage.save(1, PNG, 'image/png'),
      storage.saveStream(1, generated(6 * MB), 'video/mp4', 100 * MB),
      storage.read(saved.path),
      storage.open(saved.path),
      storage.stat(saved.path),
      storage.remove(saved.path),
      all(storage.list()),
    ];
    for (const outcome of await Promise.allSettled(outages)) {
      expect(outcome.status).toBe('rejected');
      expect(isInfrastructureError((outcome as PromiseRejectedResult).reason)).toBe(true);
    }
    server = await startS3Server({ directory: server.directory, port: server.port });
    expect(Buffer.compare(await storage.read(saved.path), PNG)).toBe(0);
  });
});
