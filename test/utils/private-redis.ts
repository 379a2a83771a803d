import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { REDIS_CLIENT_OPTIONS } from '../../src/infra/redis/redis-client-options.js';
import { TIME_FACTOR } from './time.js';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** A Redis server of the test's own (no persistence, like the machine's), which the test may stop and start again. */
export class PrivateRedis {
  private process: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort());
    await redis.up();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async up(): Promise<void> {
    this.process = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const deadline = Date.now() + 10_000 * TIME_FACTOR;
    for (;;) {
      const client = new Redis(this.url, { ...REDIS_CLIENT_OPTIONS, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      client.on('error', () => undefined);
      const ok = await client
        .connect()
        .then(() => client.ping())
        .then(
          () => true,
          () => false,
        );
      client.disconnect();
      if (ok) return;
      if (Date.now() > deadline) throw new Error('private redis did not start');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Stops the server; its data is gone (nothing is persisted). */
  async down(): Promise<void> {
    const child = this.process;
    this.process = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }
}
