import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
// @ts-expect-error plain ESM helper shared with the benchmark
import { freePort, login, query, seed, startServer, waitUntil } from '../utils/crash-scenario.mjs';
import { cloneTemplate, dropDatabase } from '../utils/test-database.js';
import { TIME_FACTOR } from '../utils/time.js';

interface Server {
  child: ChildProcess;
  exited: Promise<unknown>;
  stderr: () => string;
}

interface Proc {
  name: string;
  baseUrl: string;
  dataDir: string;
  server: Server;
}

const LEASE_TTL_MS = 2000;
const SWEEP_MS = 500;
/** The simulator's slow link (SIMULATOR_SLOW_SUFFIX): WhatsApp takes SIMULATOR_TIMINGS.slowSendMs to accept. */
const SLOW_NUMBER = '5511977777070';

/**
 * The topology of docker-compose.yml on this machine: two API processes and one worker (built server, same database
 * and Redis prefix, each with its own data directory), then a second worker that takes over when the first is killed.
 */
describe('more than one process: ROLE=api and ROLE=worker', () => {
  let db: { name: string; url: string };
  const root = mkdtempSync(join(tmpdir(), 'roles-'));
  const redisPrefix = `roles_${randomBytes(4).toString('hex')}`;
  // One install: the processes share their secrets (as the compose file's environment does).
  const secrets = {
    JWT_SECRET: randomBytes(32).toString('hex'),
    JWT_REFRESH_SECRET: randomBytes(32).toString('hex'),
    SANDBOX_WEBHOOK_SECRET: randomBytes(32).toString('hex'),
  };
  const procs: Proc[] = [];
  const sockets: Socket[] = [];
  let ids: { companyId: number; connectionId: number };
  let redis: Redis;
  const leaseTaken = async () => (await redis.exists(`lease:connection:${ids.connectionId}`)) === 1;

  async function spawnProcess(name: string, role: 'api' | 'worker'): Promise<Proc> {
    const port = await freePort();
    const dataDir = join(root, name);
    const server = startServer({
      dbUrl: db.url,
      dataDir,
      redisPrefix,
      port,
      extraEnv: { ...secrets, ROLE: role, CONNECTION_LEASE_TTL_MS: String(LEASE_TTL_MS), CONNECTION_SWEEP_MS: String(SWEEP_MS) },
    }) as Server;
    const proc = { name, baseUrl: `http://127.0.0.1:${port}`, dataDir, server };
    procs.push(proc);
    await waitUntil(async () => (await fetch(`${proc.baseUrl}/api/health`)).status === 200, 60_000, `${name} up (${server.stderr()})`);
    return proc;
  }

  /** What the simulated WhatsApp received through this process (its wire log). */
  function wire(proc: Proc): Array<{ providerId: string; to: string }> {
    const file = join(proc.dataDir, 'simulator', `wire-${ids.connectionId}.jsonl`);
    if (!existsSync(file)) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { providerId: string; to: string });
  }

  const isConnected = async (proc: Proc, token: string) => {
    const res = await fetch(`${proc.baseUrl}/api/whatsapp/${ids.connectionId}`, { headers: { authorization: `Bearer ${token}` } });
    return res.status === 200 && ((await res.json()) as { status: string }).status === 'CONNECTED';
  };

  function connectSocket(proc: Proc, token: string): Promise<Socket> {
    const socket = io(proc.baseUrl, { path: '/socket.io', query: { token }, transports: ['websocket'], forceNew: true, reconnection: false });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }

  /** Resolves with the first `appMessage` creation whose body is `body`. */
  function nextMessage(socket: Socket, body: string): Promise<{ providerId: string }> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no appMessage "${body}" on the socket`)), 20_000 * TIME_FACTOR);
      socket.on(`company-${ids.companyId}-appMessage`, (payload: { action: string; message: { body: string; providerId: string } }) => {
        if (payload.action !== 'create' || payload.message.body !== body) return;
        clearTimeout(timer);
        resolve(payload.message);
      });
    });
  }

  const inject = (proc: Proc, token: string, id: string, body: string, from = '5511977776666') =>
    fetch(`${proc.baseUrl}/api/dev/simulator/${ids.connectionId}/inbound`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from, name: 'Cliente Roles', body, id }),
    });

  /** Sends the simulated WhatsApp has started to take over a slow link through this process, not accepted yet. */
  function underWay(proc: Proc): Array<{ providerId: string }> {
    const file = join(proc.dataDir, 'simulator', `under-way-${ids.connectionId}.jsonl`);
    if (!existsSync(file)) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { providerId: string });
  }

  const send = (proc: Proc, token: string, ticketId: number, body: string) =>
    fetch(`${proc.baseUrl}/api/messages/${ticketId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ body }),
    });

  beforeAll(async () => {
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { keyPrefix: `${redisPrefix}:` });
    db = await cloneTemplate();
    ids = await seed(db.url);
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all(
      procs.map(async ({ server }) => {
        if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
        await server.exited;
      }),
    );
    if (db) await dropDatabase(db.name);
    rmSync(root, { recursive: true, force: true });
    // Every key of this install (leases, the session directory, BullMQ queues).
    const keys = await redis.keys(`${redisPrefix}:*`);
    if (keys.length) await redis.del(...keys.map((key) => key.slice(redisPrefix.length + 1)));
    redis.disconnect();
  });

  it(
    'routes socket events, sends and session commands between API processes and workers, and fails over when a worker dies',
    async () => {
      const [api1, api2, worker1] = [await spawnProcess('api1', 'api'), await spawnProcess('api2', 'api'), await spawnProcess('worker1', 'worker')];
      const token = await login(api1.baseUrl);
      await waitUntil(leaseTaken, 30_000, 'the worker runs the connection');

      // A worker answers only its own routes; the API processes run no session.
      expect((await fetch(`${worker1.baseUrl}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
      expect((await inject(api1, token, 'ROLES-NOWHERE', 'nunca')).status).toBe(400);

      // 1. A customer's message arriving at the worker reaches a socket held by the other API process.
      const socket = await connectSocket(api2, token);
      socket.emit('joinNotification');
      const arrived = nextMessage(socket, 'olá do cliente');
      expect((await inject(worker1, token, 'ROLES-IN-1', 'olá do cliente')).status).toBe(202);
      expect((await arrived).providerId).toBe('ROLES-IN-1');

      // 2. A send asked of API 1 goes out through the worker (the simulated WhatsApp's wire log of the worker has it).
      const [ticket] = (await query(db.url, 'select id from tickets where company_id = $1 order by id desc limit 1', [ids.companyId])) as Array<{ id: number }>;
      const echoed = nextMessage(socket, 'resposta pela API 1');
      const sent = await send(api1, token, ticket!.id, 'resposta pela API 1');
      expect(sent.status).toBe(201);
      const [first] = (await sent.json()) as Array<{ providerId: string }>;
      expect(wire(worker1).map((w) => w.providerId)).toContain(first!.providerId);
      expect(wire(api1)).toEqual([]);
      expect((await echoed).providerId).toBe(first!.providerId);

      // A file sent through API 2 travels to the worker with the command (its bytes through Redis).
      const form = new FormData();
      form.append('body', 'segue o orçamento');
      form.append('medias', new Blob([Buffer.from('%PDF-1.4 roles')], { type: 'application/pdf' }), 'orcamento.pdf');
      const withFile = await fetch(`${api2.baseUrl}/api/messages/${ticket!.id}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      expect(withFile.status).toBe(201);
      const [fileMessage] = (await withFile.json()) as Array<{ providerId: string; mediaType: string }>;
      expect(fileMessage!.mediaType).toBe('application');
      expect(wire(worker1).map((w) => w.providerId)).toContain(fileMessage!.providerId);

      // Number checks asked of an API process run on the worker's session: a number not on WhatsApp is refused.
      const contact = (number: string) =>
        fetch(`${api2.baseUrl}/api/contacts`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Contato ${number}`, number }),
        });
      const missing = await contact('5511955550000');
      expect(missing.status).toBe(400);
      expect(((await missing.json()) as { error: string }).error).toBe('ERR_WAPP_INVALID_CONTACT');
      const present = await contact('5511955551234');
      expect(present.status).toBe(201);
      const presentContact = (await present.json()) as { id: number; isWhatsappValid: boolean | null };
      expect(presentContact.isWhatsappValid).toBe(true);

      // 3. The worker dies; a second worker takes its sessions over within the lease TTL (plus a sweep); a message
      // sent meanwhile waits for it and goes out once.
      const worker2 = await spawnProcess('worker2', 'worker');
      worker1.server.child.kill('SIGKILL');
      await worker1.server.exited;
      const killedAt = Date.now();
      const during = await send(api1, token, ticket!.id, 'enviada durante a troca');
      const failoverMs = Date.now() - killedAt;
      expect(during.status).toBe(201);
      const [duringMessage] = (await during.json()) as Array<{ providerId: string }>;
      expect(failoverMs).toBeLessThan((LEASE_TTL_MS + SWEEP_MS) * 2 * TIME_FACTOR + 2000);
      expect(wire(worker2).filter((w) => w.providerId === duringMessage!.providerId)).toHaveLength(1);
      expect(wire(worker1).filter((w) => w.providerId === duringMessage!.providerId)).toHaveLength(0);
      const stored = (await query(db.url, 'select count(*)::int as n from messages where provider_id = $1', [duringMessage!.providerId])) as Array<{
        n: number;
      }>;
      expect(stored[0]!.n).toBe(1);

      // The new worker's traffic reaches both API processes' sockets.
      const other = await connectSocket(api1, token);
      other.emit('joinNotification');
      const onApi1 = nextMessage(other, 'depois da troca');
      const onApi2 = nextMessage(socket, 'depois da troca');
      expect((await inject(worker2, token, 'ROLES-IN-2', 'depois da troca')).status).toBe(202);
      expect((await onApi1).providerId).toBe('ROLES-IN-2');
      expect((await onApi2).providerId).toBe('ROLES-IN-2');

      // Session commands from an API process reach the worker: logout, then start again (a fresh QR code).
      const auth = { authorization: `Bearer ${token}` };
      expect((await fetch(`${api2.baseUrl}/api/whatsappsession/${ids.connectionId}`, { method: 'DELETE', headers: auth })).status).toBe(200);
      await waitUntil(async () => !(await isConnected(api1, token)), 10_000, 'disconnected through the worker');
      expect((await fetch(`${api2.baseUrl}/api/whatsappsession/${ids.connectionId}`, { method: 'POST', headers: auth })).status).toBe(200);
      await waitUntil(
        async () => {
          const res = await fetch(`${api1.baseUrl}/api/whatsapp/${ids.connectionId}`, { headers: auth });
          return ['qrcode', 'CONNECTED'].includes(((await res.json()) as { status: string }).status);
        },
        10_000,
        'started again through the worker',
      );

      // A worker stopped gracefully hands its connections back at once. Without any worker, a send is refused before
      // anything is stored, and starting a connection says that no worker runs.
      await waitUntil(() => isConnected(api1, token), 10_000, 'connected again');
      worker2.server.child.kill('SIGTERM');
      await worker2.server.exited;
      expect(worker2.server.stderr()).not.toMatch(/Error/);
      expect(await leaseTaken()).toBe(false);
      await waitUntil(
        async () => {
          const orphan = await send(api1, token, ticket!.id, 'sem nenhum worker');
          return orphan.status === 400 && ((await orphan.json()) as { error: string }).error === 'ERR_WAPP_NOT_INITIALIZED';
        },
        10_000,
        'a send with no worker is refused',
      );
      expect(await query(db.url, "select id from messages where body = 'sem nenhum worker'")).toEqual([]);
      const start = await fetch(`${api2.baseUrl}/api/whatsappsession/${ids.connectionId}`, { method: 'POST', headers: auth });
      expect(start.status).toBe(503);
      expect(((await start.json()) as { error: string }).error).toBe('ERR_SERVICE_UNAVAILABLE');

      // Timers run in workers only: a message scheduled while no worker runs waits for one (an API process would have
      // failed it), then goes out through the new worker once.
      const due = Date.now() + 1000;
      const scheduled = await fetch(`${api1.baseUrl}/api/schedules`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ body: 'lembrete agendado', sendAt: new Date(due).toISOString(), contactId: presentContact.id, whatsappId: ids.connectionId }),
      });
      expect(scheduled.status).toBe(201);
      const scheduleId = ((await scheduled.json()) as { id: number }).id;
      await waitUntil(async () => Date.now() > due, 5_000, 'the schedule is due while no worker runs');
      const worker3 = await spawnProcess('worker3', 'worker');
      await waitUntil(
        async () => ((await query(db.url, 'select status from schedules where id = $1', [scheduleId])) as Array<{ status: string }>)[0]!.status === 'ENVIADA',
        20_000,
        'the schedule sent by the new worker',
      );
      const reminders = (await query(db.url, "select provider_id from messages where body = 'lembrete agendado'")) as Array<{ provider_id: string }>;
      expect(reminders).toHaveLength(1);
      expect(wire(worker3).filter((w) => w.providerId === reminders[0]!.provider_id)).toHaveLength(1);

      // 4. A worker dies in the middle of a send (the customer's link is slow: WhatsApp takes 3 s to accept): the API
      // process sees the worker gone, sends the command again to the worker that takes the connection over, under the
      // same message id, and the attendant's request answers as if nothing happened. The message goes out once.
      const worker4 = await spawnProcess('worker4', 'worker');
      expect((await inject(worker3, token, 'ROLES-SLOW-1', 'minha internet é lenta', SLOW_NUMBER)).status).toBe(202);
      const slowTicket = await waitUntil(
        async () =>
          (
            (await query(db.url, 'select t.id from tickets t join contacts c on c.id = t.contact_id where c.number = $1', [SLOW_NUMBER])) as Array<{
              id: number;
            }>
          )[0],
        10_000,
        'the slow customer has a ticket',
      );
      const inFlight = send(api2, token, slowTicket.id, 'enviada durante a queda');
      const onTheWay = await waitUntil(async () => underWay(worker3)[0], 10_000, 'the send under way at worker 3');
      worker3.server.child.kill('SIGKILL');
      await worker3.server.exited;
      const resent = await inFlight;
      expect(resent.status).toBe(201);
      const [resentMessage] = (await resent.json()) as Array<{ providerId: string }>;
      expect(resentMessage!.providerId).toBe(onTheWay.providerId);
      expect(wire(worker3).filter((w) => w.providerId === onTheWay.providerId)).toHaveLength(0);
      expect(wire(worker4).filter((w) => w.providerId === onTheWay.providerId)).toHaveLength(1);
      // Stored once and kept (a failed send removes its row).
      expect(await query(db.url, 'select id from messages where provider_id = $1', [onTheWay.providerId])).toHaveLength(1);

      // The API processes stop cleanly too.
      for (const api of [api1, api2]) {
        api.server.child.kill('SIGTERM');
        await api.server.exited;
        expect(api.server.stderr()).not.toMatch(/Error/);
      }
      console.log(`[multi-process] failover send answered in ${failoverMs} ms (lease TTL ${LEASE_TTL_MS} ms, sweep ${SWEEP_MS} ms)`);
    },
    180_000 * TIME_FACTOR,
  );
});
