import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
// @ts-expect-error plain ESM helper shared with the benchmark
import { freePort, login, query, seed, startServer, waitUntil } from '../utils/crash-scenario.mjs';
import { type S3TestServer, startS3Server } from '../utils/s3-server.mjs';
import { cloneTemplate, dropDatabase } from '../utils/test-database.js';
import { TIME_FACTOR } from '../utils/time.js';

interface Proc {
  baseUrl: string;
  dataDir: string;
  server: { child: ChildProcess; exited: Promise<unknown>; stderr: () => string };
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const PDF = Buffer.concat([Buffer.from('%PDF-1.4 '), randomBytes(64 * 1024)]);
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * STORAGE=s3 with an API process and a worker that share no folder (each its own DATA_DIR, as on two machines): the
 * worker stores what a customer sends and the API serves it; the API stores what an agent sends and the customer
 * receives those bytes through the worker's session.
 */
describe('media across processes without a shared volume (STORAGE=s3)', () => {
  let s3: S3TestServer;
  let db: { name: string; url: string };
  let ids: { companyId: number; connectionId: number };
  let api: Proc;
  let worker: Proc;
  let token: string;
  const root = mkdtempSync(join(tmpdir(), 's3-roles-'));
  const procs: Proc[] = [];
  const redisPrefix = `s3roles_${randomBytes(4).toString('hex')}`;
  // One install: the processes share their secrets.
  const secrets = { JWT_SECRET: randomBytes(32).toString('hex'), JWT_REFRESH_SECRET: randomBytes(32).toString('hex') };

  async function spawnProcess(name: string, role: 'api' | 'worker'): Promise<Proc> {
    const port = await freePort();
    const dataDir = join(root, name);
    const server = startServer({
      dbUrl: db.url,
      dataDir,
      redisPrefix,
      port,
      extraEnv: { ...secrets, ...s3.env, STORAGE: 's3', ROLE: role },
    });
    const proc = { baseUrl: `http://127.0.0.1:${port}`, dataDir, server };
    procs.push(proc);
    await waitUntil(async () => (await fetch(`${proc.baseUrl}/api/health`)).status === 200, 60_000, `${name} up (${server.stderr()})`);
    return proc;
  }
  const authed = (path: string, init: RequestInit = {}) =>
    fetch(`${api.baseUrl}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) } });
  /** A customer's message, injected where the session runs: the worker's simulated phone. */
  const inbound = (body: Record<string, unknown>) =>
    fetch(`${worker.baseUrl}/api/dev/simulator/${ids.connectionId}/inbound`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    s3 = await startS3Server();
    db = await cloneTemplate();
    ids = await seed(db.url);
    api = await spawnProcess('api', 'api');
    worker = await spawnProcess('worker', 'worker');
    token = await login(api.baseUrl);
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { keyPrefix: `${redisPrefix}:` });
    try {
      await waitUntil(async () => (await redis.exists(`lease:connection:${ids.connectionId}`)) === 1, 30_000, 'the worker runs the connection');
    } finally {
      redis.disconnect();
    }
  });
  afterAll(async () => {
    for (const { server } of procs) {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
      await server.exited;
    }
    if (db) await dropDatabase(db.name);
    await s3?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves from the API what the worker stored, and sends through the worker what the API stored', async () => {
    // 503 with Retry-After until the session is up on the worker: a sender tries again (the same id is stored once).
    const photo = {
      type: 'media',
      from: '5511955554444',
      name: 'Ana',
      id: 'S3-IN-1',
      mediaBase64: PNG.toString('base64'),
      mimetype: 'image/png',
      body: 'foto',
    };
    await waitUntil(async () => (await inbound(photo)).status === 202, 20_000 * TIME_FACTOR, `the worker accepts the photo (${worker.server.stderr()})`);
    const [row] = await waitUntil(
      async () => {
        const rows = await query(db.url, "select media_path, ticket_id from messages where provider_id = 'S3-IN-1' and media_path is not null");
        return rows.length ? rows : null;
      },
      20_000 * TIME_FACTOR,
      'the inbound media stored',
    );
    const served = await fetch(`${api.baseUrl}/public/${row.media_path}`);
    expect(served.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await served.arrayBuffer()), PNG)).toBe(0);

    const form = new FormData();
    form.append('body', 'segue');
    form.append('medias', new Blob([PDF], { type: 'application/pdf' }), 'orcamento.pdf');
    const sent = await authed(`/api/messages/${row.ticket_id}`, { method: 'POST', body: form });
    expect(sent.status).toBe(201);
    const [message] = (await sent.json()) as Array<{ providerId: string; mediaUrl: string }>;
    const wire = join(worker.dataDir, 'simulator', `wire-${ids.connectionId}.jsonl`);
    const received = await waitUntil(
      async () =>
        existsSync(wire)
          ? readFileSync(wire, 'utf8')
              .split('\n')
              .filter(Boolean)
              .map((line) => JSON.parse(line) as { providerId: string; media?: { bytes: number; sha256: string } })
              .find((entry) => entry.providerId === message!.providerId)
          : null,
      20_000 * TIME_FACTOR,
      'the customer received the file',
    );
    expect(received.media).toMatchObject({ bytes: PDF.length, sha256: sha256(PDF) });
    expect((await fetch(`${api.baseUrl}${message!.mediaUrl}`)).status).toBe(200);

    // Neither process wrote media to its own folder.
    expect([existsSync(join(api.dataDir, 'public')), existsSync(join(worker.dataDir, 'public'))]).toEqual([false, false]);
  });
});
