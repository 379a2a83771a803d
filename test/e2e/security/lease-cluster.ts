import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { REDIS_CLIENT_OPTIONS } from '../../../src/infra/redis/redis-client-options.js';
// @ts-expect-error plain ESM helper shared with the benchmark
import { freePort, login, query, seed, startServer, waitUntil } from '../../utils/crash-scenario.mjs';
import { cloneTemplate, dropDatabase } from '../../utils/test-database.js';

interface Server {
  child: ChildProcess;
  exited: Promise<unknown>;
  stderr: () => string;
}

export interface Proc {
  name: string;
  baseUrl: string;
  dataDir: string;
  server: Server;
}

export interface WireEntry {
  providerId: string;
  to: string;
}

export type Env = Record<string, string | undefined>;

/**
 * Built servers (`dist/src/main.js`) of one install: one database with a linked simulator connection marked
 * CONNECTED, one Redis prefix, shared secrets; each process has its data directory (a process started again under
 * the same name gets the same one, as a restarted container keeps its volume).
 */
export class LeaseCluster {
  readonly procs: Proc[] = [];
  readonly redis: Redis;
  token = '';
  private readonly root = mkdtempSync(join(tmpdir(), 'lease-'));
  private readonly redisPrefix = `lease_${randomBytes(4).toString('hex')}`;
  private readonly secrets = {
    JWT_SECRET: randomBytes(32).toString('hex'),
    JWT_REFRESH_SECRET: randomBytes(32).toString('hex'),
    SANDBOX_WEBHOOK_SECRET: randomBytes(32).toString('hex'),
  };

  private constructor(
    readonly db: { name: string; url: string },
    readonly ids: { companyId: number; connectionId: number },
    private readonly redisUrl: string,
    private readonly env: Env,
  ) {
    this.redis = new Redis(redisUrl, { ...REDIS_CLIENT_OPTIONS, keyPrefix: `${this.redisPrefix}:`, maxRetriesPerRequest: 1 });
    this.redis.on('error', () => undefined);
  }

  /** `env` applies to every process; an `undefined` value leaves the server's default in place. */
  static async create(options: { redisUrl?: string; env: Env }): Promise<LeaseCluster> {
    const db = await cloneTemplate();
    const ids = (await seed(db.url)) as { companyId: number; connectionId: number };
    return new LeaseCluster(db, ids, options.redisUrl ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', options.env);
  }

  /** Starts a process and waits until it answers /api/health. */
  async spawn(name: string, role: 'api' | 'worker' | 'all', env: Env = {}): Promise<Proc> {
    const port = await freePort();
    const dataDir = join(this.root, name);
    const server = startServer({
      dbUrl: this.db.url,
      dataDir,
      redisPrefix: this.redisPrefix,
      port,
      extraEnv: { ...this.secrets, REDIS_URL: this.redisUrl, ROLE: role, ...this.env, ...env },
    }) as Server;
    const proc = { name, baseUrl: `http://127.0.0.1:${port}`, dataDir, server };
    this.procs.push(proc);
    let health = 'no answer';
    await waitUntil(
      async () => {
        const res = await fetch(`${proc.baseUrl}/api/health`);
        health = `${res.status} ${await res.text()}`;
        return res.status === 200;
      },
      60_000,
      name,
    ).catch((error: Error) => {
      throw new Error(`${error.message}: ${name} not up (health: ${health}; exit: ${proc.server.child.exitCode}; stderr: ${server.stderr()})`);
    });
    return proc;
  }

  async signIn(api: Proc): Promise<void> {
    this.token = (await login(api.baseUrl)) as string;
  }

  async kill(proc: Proc, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    proc.server.child.kill(signal);
    await proc.server.exited;
  }

  alive(proc: Proc): boolean {
    return proc.server.child.exitCode === null && proc.server.child.signalCode === null;
  }

  /** A customer message injected into this process's simulated phone: 202 once recorded (same id: stored once). */
  async inbound(proc: Proc, id: string, body: string, from = '5511977776666'): Promise<{ status: number; error?: string; retryAfter: string | null }> {
    const res = await fetch(`${proc.baseUrl}/api/dev/simulator/${this.ids.connectionId}/inbound`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from, name: 'Cliente Lease', body, id }),
    });
    const text = await res.text();
    const error = res.status >= 300 ? ((JSON.parse(text || '{}') as { error?: string }).error ?? undefined) : undefined;
    return { status: res.status, error, retryAfter: res.headers.get('retry-after') };
  }

  /** Whether this process runs a connected session of the connection (its simulated phone takes a customer message). */
  async runsSession(proc: Proc): Promise<boolean> {
    if (!this.alive(proc)) return false;
    return (await this.inbound(proc, 'LEASE-PROBE', 'sonda').catch(() => ({ status: 0 }))).status === 202;
  }

  /** The processes that run a connected session now. */
  async running(procs: Proc[]): Promise<Proc[]> {
    const answers = await Promise.all(procs.map((p) => this.runsSession(p)));
    return procs.filter((_, i) => answers[i]);
  }

  send(api: Proc, ticketId: number, body: string): Promise<Response> {
    return fetch(`${api.baseUrl}/api/messages/${ticketId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ body }),
    });
  }

  /** What the simulated WhatsApp received through these processes (their wire logs). */
  wire(procs: Proc[] = this.procs): WireEntry[] {
    return procs.flatMap((proc) => this.jsonl<WireEntry>(join(proc.dataDir, 'simulator', `wire-${this.ids.connectionId}.jsonl`)));
  }

  /** Sends on a slow link that the simulated WhatsApp started to take through this process. */
  underWay(proc: Proc): WireEntry[] {
    return this.jsonl<WireEntry>(join(proc.dataDir, 'simulator', `under-way-${this.ids.connectionId}.jsonl`));
  }

  /** Provider ids that reached the wire more than once. */
  duplicates(procs: Proc[] = this.procs): string[] {
    const seen = new Map<string, number>();
    for (const { providerId } of this.wire(procs)) seen.set(providerId, (seen.get(providerId) ?? 0) + 1);
    return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
  }

  /** The lease holder as stored in Redis (null: nobody). */
  leaseHolder(): Promise<string | null> {
    return this.redis.get(`lease:connection:${this.ids.connectionId}`);
  }

  /** Milliseconds the lease has left (negative: none). */
  leaseTtlLeft(): Promise<number> {
    return this.redis.pttl(`lease:connection:${this.ids.connectionId}`);
  }

  /** The instance identity a process keeps in its data directory, when it has one. */
  instanceId(proc: Proc): string | null {
    const dir = join(proc.dataDir, 'instances');
    if (!existsSync(dir)) return null;
    const file = readdirSync(dir).find((f) => f.endsWith('.id'));
    return file ? readFileSync(join(dir, file), 'utf8').trim() : null;
  }

  /** The ticket of the customer who wrote from this number. */
  async ticketOf(number: string): Promise<number> {
    const found = await waitUntil(
      async () =>
        (
          (await query(this.db.url, 'select t.id from tickets t join contacts c on c.id = t.contact_id where c.number = $1', [number])) as Array<{ id: number }>
        )[0],
      10_000,
      `a ticket for ${number}`,
    );
    return (found as { id: number }).id;
  }

  query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return query(this.db.url, sql, params) as Promise<T[]>;
  }

  waitUntil<T>(probe: () => Promise<T>, timeoutMs: number, what: string): Promise<NonNullable<T>> {
    return waitUntil(probe, timeoutMs, what) as Promise<NonNullable<T>>;
  }

  async close(): Promise<void> {
    await Promise.all(this.procs.filter((p) => this.alive(p)).map((p) => this.kill(p)));
    await dropDatabase(this.db.name);
    rmSync(this.root, { recursive: true, force: true });
    const keys = await this.redis.keys(`${this.redisPrefix}:*`).catch((): string[] => []);
    if (keys.length) await this.redis.del(...keys.map((key) => key.slice(this.redisPrefix.length + 1))).catch(() => undefined);
    this.redis.disconnect();
  }

  private jsonl<T>(file: string): T[] {
    if (!existsSync(file)) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as T);
  }
}
