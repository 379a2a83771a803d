import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { spawn } from 'node:child_process';
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

  function migrate(): Promise<Run> {
    const { DATA_DIR: _dataDir, STORAGE: _storage, ...inherited } = process.env;
    const child = spawn(process.execPath, ['dist/src/cli.js', 'storage:migrate', '--to', 's3'], {
      env: { ...inherited, NODE_OPTIONS: '', NODE_ENV: 'test', DATA_DIR: dataDir, ...server.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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

  it('finds everything there on the next run', async () => {
    const run = await migrate();
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Done: copied 0, skipped ${files.size}, failed 0`);
    expect((await bucket()).size).toBe(files.size);
  });
});
