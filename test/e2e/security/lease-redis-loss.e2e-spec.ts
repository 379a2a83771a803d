import { PrivateRedis } from '../../utils/private-redis.js';
import { TIME_FACTOR } from '../../utils/time.js';
import { LeaseCluster, type Proc } from './lease-cluster.js';

const LEASE_TTL_MS = 3000;
const SWEEP_MS = 500;

/**
 * Redis is killed (kill -9) under two workers and comes back empty: the leases are gone from Redis, not from the
 * processes. The worker that runs the connection takes its lease again; the other never starts a second session; a
 * holder that cannot reach Redis stops its session before its lease could expire.
 */
describe('security: leases survive a Redis loss', () => {
  let redis: PrivateRedis;
  let c: LeaseCluster;
  let api: Proc;
  let workers: Proc[];
  let ticketId: number;
  const figures: Record<string, unknown> = {};

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    c = await LeaseCluster.create({ redisUrl: redis.url, env: { CONNECTION_LEASE_TTL_MS: String(LEASE_TTL_MS), CONNECTION_SWEEP_MS: String(SWEEP_MS) } });
    [api] = await Promise.all([c.spawn('api', 'api'), c.spawn('worker1', 'worker'), c.spawn('worker2', 'worker')]);
    workers = c.procs.filter((p) => p.name.startsWith('worker'));
    await c.signIn(api);
    await c.waitUntil(async () => (await c.running(workers)).length === 1, 30_000, 'one worker runs the connection');
    ticketId = await c.ticketOf('5511977776666');
  }, 120_000 * TIME_FACTOR);
  afterAll(async () => {
    console.log(`[lease-redis-loss] ${JSON.stringify(figures)}`);
    await c?.close();
    await redis?.down();
  });

  /**
   * Samples which workers run a session for `ms` (a window longer than a lease TTL plus the takeover grace: long
   * enough for a second session to start if anything let it); answers the most found at once and who runs it last.
   */
  async function watch(ms: number): Promise<{ most: number; last: Proc[] }> {
    const until = Date.now() + ms;
    let most = 0;
    let last: Proc[] = [];
    while (Date.now() < until) {
      last = await c.running(workers);
      most = Math.max(most, last.length);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { most, last };
  }

  async function sendsOnce(body: string): Promise<void> {
    const res = await c.waitUntil(
      async () => {
        const sent = await c.send(api, ticketId, body);
        return sent.status === 201 ? sent : null;
      },
      15_000,
      `"${body}" sent`,
    );
    const [message] = (await res.json()) as Array<{ providerId: string }>;
    expect(c.wire().filter((w) => w.providerId === message!.providerId)).toHaveLength(1);
  }

  async function holderMatches(proc: Proc): Promise<void> {
    const holder = await c.leaseHolder();
    expect(holder).not.toBeNull();
    const instance = c.instanceId(proc);
    if (instance) expect(holder).toMatch(new RegExp(`^${instance}/`));
  }

  it(
    'Redis killed and back empty: the worker running the connection takes its lease again, and no second session starts',
    async () => {
      const [holder] = await c.running(workers);
      await redis.down();
      await redis.up();
      const lostAt = Date.now();
      const leaseBackMs = await c.waitUntil(async () => (await c.leaseHolder()) !== null, 20_000, 'the lease is taken again').then(() => Date.now() - lostAt);
      const seen = await watch(4 * LEASE_TTL_MS * TIME_FACTOR);
      Object.assign(figures, { emptyRedis: { leaseBackMs, mostSessionsAtOnce: seen.most, runningAfter: seen.last.map((p) => p.name) } });
      expect(seen.most).toBe(1);
      expect(seen.last).toEqual([holder]);
      await holderMatches(holder!);
      await sendsOnce('depois do Redis vazio');
      expect(c.duplicates()).toEqual([]);
    },
    90_000 * TIME_FACTOR,
  );

  it(
    'Redis away longer than the lease: the holder stops its session before the lease could expire; one worker runs it once Redis is back',
    async () => {
      const [holder] = await c.running(workers);
      await redis.down();
      const downAt = Date.now();
      let stoppedMs = -1;
      let answer = '';
      try {
        // Measured when the first probe that found no session was sent (its answer may take longer without Redis).
        await c.waitUntil(
          async () => {
            const sentAt = Date.now();
            const probe = await c.inbound(holder!, 'LEASE-PROBE', 'sonda');
            if (probe.status === 202) return false;
            stoppedMs = sentAt - downAt;
            answer = `${probe.status} ${probe.error}`;
            return true;
          },
          4 * LEASE_TTL_MS,
          'the holder stops its session without Redis',
        );
      } finally {
        await redis.up();
      }
      const backAt = Date.now();
      await c.waitUntil(async () => (await c.running(workers)).length === 1, 30_000, 'one worker runs the connection again');
      const runningAgainMs = Date.now() - backAt;
      const seen = await watch(4 * LEASE_TTL_MS * TIME_FACTOR);
      Object.assign(figures, { redisAway: { stoppedMs, answer, runningAgainMs, mostSessionsAtOnce: seen.most, runningAfter: seen.last.map((p) => p.name) } });
      expect(stoppedMs).toBeGreaterThan(0);
      expect(stoppedMs).toBeLessThan(LEASE_TTL_MS * TIME_FACTOR);
      // Meanwhile the phone is told to try again.
      expect(answer).toBe('503 ERR_SERVICE_UNAVAILABLE');
      expect(seen.most).toBe(1);
      expect(seen.last).toHaveLength(1);
      await holderMatches(seen.last[0]!);
      await sendsOnce('depois do Redis fora');
      expect(c.duplicates()).toEqual([]);
    },
    90_000 * TIME_FACTOR,
  );
});
