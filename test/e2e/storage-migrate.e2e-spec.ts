import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createS3Client } from '../../src/infra/storage/s3-client.js';
import { type S3TestServer, startS3Server } from '../utils/s3-server.mjs';

interface Run {
  code: number | null;
  stdout: string;
}

const MB = 1024 * 1024;
const sha = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * `npm run cli -- storage:migrate --to s3` (the built CLI): copies the media on disk into the bucket, resumes after a
 * run that failed or stopped halfway, and exits non-zero while files failed.
 */
describe('storage:migrate --to s3', () => {
  let server: S3TestServer;
  let client: S3Client;
  const dataDir = mkdtempSync(join(tmpdir(), 'storage-migrate-'));
  /** path → content of every file on disk. */
  const files = new Map<string, Buffer>();

  function migrate(options: { dir?: string; s3?: S3TestServer; onStart?: (child: ChildProcess) => void } = {}): Promise<Run> {
    const { DATA_DIR: _dataDir, STORAGE: _storage, ...inherited } = process.env;
    const child = spawn(process.execPath, ['dist/src/cli.js', 'storage:migrate', '--to', 's3'], {
      env: { ...inherited, NODE_OPTIONS: '', NODE_ENV: 'test', DATA_DIR: options.dir ?? dataDir, ...(options.s3 ?? server).env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    options.onStart?.(child);
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stdout += chunk;
    });
    return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout })));
  }

  async function bucket(): Promise<Map<string, number>> {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: server.bucket }));
    return new Map((listed.Contents ?? []).map((object) => [object.Key!, object.Size!]));
  }

  beforeAll(async () => {
    server = await startS3Server();
    client = createS3Client(server.config);
    for (let i = 0; i < 24; i += 1) {
      const path = `company${1 + (i % 3)}/${randomBytes(16).toString('hex')}.${['png', 'pdf', 'ogg'][i % 3]}`;
      files.set(path, randomBytes(1000 + i * 517));
    }
    files.set(`company2/${randomBytes(16).toString('hex')}.mp4`, randomBytes(7 * MB));
    for (const [path, data] of files) {
      mkdirSync(join(dataDir, 'public', path, '..'), { recursive: true });
      writeFileSync(join(dataDir, 'public', path), data);
    }
    // Not a stored file: never copied.
    writeFileSync(join(dataDir, 'public', 'company1', 'notes.txt'), 'anotações');
  });
  afterAll(async () => {
    client?.destroy();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('exits non-zero while the bucket is unreachable, and copies nothing', async () => {
    await server.stop({ keepData: true });
    const run = await migrate();
    server = await startS3Server({ directory: server.directory, port: server.port });
    expect(run.code).not.toBe(0);
    expect(await bucket()).toEqual(new Map());
  });

  it('copies what a stopped run left out, skips what it copied, and copies a file it cut short again', async () => {
    const paths = [...files.keys()];
    // What a run stopped halfway leaves: some files copied, one of them cut short.
    for (const path of paths.slice(0, 10)) await client.send(new PutObjectCommand({ Bucket: server.bucket, Key: path, Body: files.get(path) }));
    const cut = paths[10]!;
    await client.send(new PutObjectCommand({ Bucket: server.bucket, Key: cut, Body: files.get(cut)!.subarray(0, 100) }));

    const run = await migrate();
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Done: copied ${files.size - 10}, skipped 10, failed 0`);

    const stored = await bucket();
    expect([...stored.keys()].sort()).toEqual(paths.sort());
    for (const [path, data] of files) {
      const object = await client.send(new GetObjectCommand({ Bucket: server.bucket, Key: path }));
      expect(sha(await object.Body!.transformToByteArray())).toBe(sha(data));
    }
    expect(server.pendingUploads()).toEqual([]);
    // The local files stay: switching STORAGE back is possible until they are removed by hand.
    expect(readFileSync(join(dataDir, 'public', cut)).length).toBe(files.get(cut)!.length);
  });

  it('a run killed half-way (SIGKILL) is finished by the next one: every file once, with its bytes', async () => {
    const s3 = await startS3Server();
    const s3Client = createS3Client(s3.config);
    const dir = mkdtempSync(join(tmpdir(), 'storage-migrate-kill-'));
    const many = new Map<string, Buffer>();
    try {
      for (let i = 0; i < 1500; i += 1) many.set(`company${1 + (i % 4)}/${randomBytes(16).toString('hex')}.jpg`, randomBytes(20_000 + (i % 7) * 1000));
      for (const [path, data] of many) {
        mkdirSync(join(dir, 'public', path, '..'), { recursive: true });
        writeFileSync(join(dir, 'public', path), data);
      }
      const count = async () => (await s3Client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).KeyCount ?? 0;
      let killedAt = 0;
      const first = await migrate({
        dir,
        s3,
        onStart: (child) => {
          // Killed as soon as a hundred objects are in: the copy of the rest is under way.
          const poll = setInterval(() => {
            void count().then((n) => {
              if (n >= 100 && !killedAt) {
                killedAt = n;
                child.kill('SIGKILL');
              }
            });
          }, 20);
          child.once('close', () => clearInterval(poll));
        },
      });
      expect(first.code).toBeNull(); // killed, not finished
      expect(killedAt).toBeGreaterThanOrEqual(100);
      expect(killedAt).toBeLessThan(many.size);

      const second = await migrate({ dir, s3 });
      expect(second.code).toBe(0);
      const done = /Done: copied (\d+), skipped (\d+), failed 0/.exec(second.stdout);
      expect(done).not.toBeNull();
      const [copied, skipped] = [Number(done![1]), Number(done![2])];
      expect(copied + skipped).toBe(many.size);
      // What was in the bucket when the kill came is not copied again.
      expect(skipped).toBeGreaterThanOrEqual(killedAt);
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await s3Client.send(new ListObjectsV2Command({ Bucket: s3.bucket, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        token = page.NextContinuationToken;
      } while (token);
      expect(keys.sort()).toEqual([...many.keys()].sort());
      for (const path of [...many.keys()].filter((_, i) => i % 50 === 0)) {
        const object = await s3Client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: path }));
        expect(sha(await object.Body!.transformToByteArray())).toBe(sha(many.get(path)!));
      }
    } finally {
      s3Client.destroy();
      await s3.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds everything there on the next run', async () => {
    const run = await migrate();
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Done: copied 0, skipped ${files.size}, failed 0`);
    expect((await bucket()).size).toBe(files.size);
  });
});
