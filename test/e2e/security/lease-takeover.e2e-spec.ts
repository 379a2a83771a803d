import { TIME_FACTOR } from '../../utils/time.js';
import { LeaseCluster, type Proc } from './lease-cluster.js';

/** The simulator's slow link (SIMULATOR_SLOW_SUFFIX): WhatsApp takes SIMULATOR_TIMINGS.slowSendMs (3 s) to accept. */
const SLOW_NUMBER = '5511977777070';
/** Shorter than the slow link and than a takeover: a command must not be reported failed for outliving it. */
const COMMAND_TIMEOUT_MS = 2000;
const RESTART_LEASE_TTL_MS = 120_000;

/**
 * How fast a connection runs again after its process dies, with the default lease settings: a process started again on
 * its data directory takes its own connections back at once; a dead worker's connections move to the other worker
 * within 10 s; a send caught in the move answers what happened to it, and reaches WhatsApp once.
 */
describe('security: lease takeover after a process dies', () => {
  let c: LeaseCluster;
  const figures: Record<string, unknown> = {};

  beforeAll(async () => {
    // The lease TTL and sweep interval are the server's defaults.
    c = await LeaseCluster.create({ env: { CONNECTION_LEASE_TTL_MS: undefined, CONNECTION_SWEEP_MS: undefined } });
  });
  afterAll(async () => {
    console.log(`[lease-takeover] ${JSON.stringify(figures)}`);
    await c?.close();
  });

  /** Polls `probe` until it holds; the non-202 answers seen meanwhile are collected in `seen`. */
  async function until(probe: () => Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
    const started = Date.now();
    await c.waitUntil(probe, timeoutMs, what);
    return Date.now() - started;
  }

  it(
    'a process killed and started again on its data directory runs its connection again within 5 s, answering 503 meanwhile',
    async () => {
      // A lease far longer than a boot: a restart that waited for its own old lease to expire could not pass.
      const env = { CONNECTION_LEASE_TTL_MS: String(RESTART_LEASE_TTL_MS) };
      const first = await c.spawn('solo', 'all', env);
      await c.signIn(first);
      await until(() => c.runsSession(first), 30_000, 'the session runs');

      const leaseLeft = await c.leaseTtlLeft();
      await c.kill(first);
      const spawnedAt = Date.now();
      const oldLeaseExpiresAt = spawnedAt + leaseLeft;
      const again = await c.spawn('solo', 'all', env);
      const upAt = Date.now();
      const answers = new Set<string>();
      await until(
        async () => {
          const answer = await c.inbound(again, 'LEASE-PROBE', 'sonda');
          if (answer.status !== 202) answers.add(`${answer.status} ${answer.error} retry-after=${answer.retryAfter}`);
          return answer.status === 202;
        },
        60_000,
        'the restarted process runs its connection',
      );
      const backAt = Date.now();
      const backMs = backAt - upAt;
      Object.assign(figures, {
        restart: { leaseTtlMs: RESTART_LEASE_TTL_MS, backAfterUpMs: backMs, backAfterKillMs: Date.now() - spawnedAt, answers: [...answers] },
      });
      expect(backMs).toBeLessThan(5000 * TIME_FACTOR);
      // It took its old lease back: it did not wait for it to expire.
      expect(backAt).toBeLessThan(oldLeaseExpiresAt);
      // Between owners the simulated phone is told to try again, never that the connection is not initialised.
      for (const answer of answers) expect(answer).toMatch(/^503 ERR_SERVICE_UNAVAILABLE retry-after=\d+$/);

      // A graceful stop hands the lease back: nobody holds it afterwards.
      await c.kill(again, 'SIGTERM');
      expect(again.server.stderr()).not.toMatch(/Error/);
      expect(await c.leaseHolder()).toBeNull();
    },
    240_000 * TIME_FACTOR,
  );

  describe('two workers', () => {
    let api: Proc;
    let holder: Proc;
    let other: Proc;
    let slowTicket: number;

    beforeAll(async () => {
      const env = { SESSION_COMMAND_TIMEOUT_MS: String(COMMAND_TIMEOUT_MS) };
      [api] = await Promise.all([c.spawn('api', 'api', env), c.spawn('worker1', 'worker', env), c.spawn('worker2', 'worker', env)]);
      await c.signIn(api);
      const workers = c.procs.filter((p) => p.name.startsWith('worker'));
      const [running] = await c.waitUntil(
        async () => {
          const found = await c.running(workers);
          return found.length === 1 ? found : null;
        },
        30_000,
        'one worker runs the connection',
      );
      holder = running!;
      other = workers.find((w) => w !== holder)!;
      expect((await c.inbound(holder, 'LEASE-SLOW-1', 'minha internet é lenta', SLOW_NUMBER)).status).toBe(202);
      slowTicket = await c.ticketOf(SLOW_NUMBER);
    }, 120_000 * TIME_FACTOR);

    it(
      'a send that takes longer than the command timeout answers its outcome instead of failing while it goes out',
      async () => {
        const started = Date.now();
        const res = await c.send(api, slowTicket, 'demorada, mas entregue');
        const body = (await res.json()) as Array<{ providerId: string }> | { error: string };
        figures.slowSend = { status: res.status, ms: Date.now() - started, body };
        const onTheWay = c.underWay(holder).at(-1)!;
        // Whatever the caller is told, WhatsApp got the message at most once, and "failed" means it did not get it:
        // a send still on the slow link when the caller was answered lands within its 3 s.
        await c.waitUntil(async () => c.wire().some((w) => w.providerId === onTheWay.providerId), 5000, 'the slow send lands').catch(() => null);
        const delivered = c.wire().filter((w) => w.providerId === onTheWay.providerId).length;
        figures.slowSendDelivered = delivered;
        expect(res.status).toBe(201);
        expect(delivered).toBe(1);
      },
      60_000 * TIME_FACTOR,
    );

    it(
      'a worker killed during a send: the other runs the connection within 10 s and the send answers 201, delivered once',
      async () => {
        const inFlight = c.send(api, slowTicket, 'enviada durante a queda');
        const before = c.underWay(holder).length;
        const onTheWay = await c.waitUntil(async () => c.underWay(holder)[before], 10_000, 'the send under way at the holder');
        await c.kill(holder);
        const killedAt = Date.now();
        const answers = new Set<string>();
        const takeoverMs = await until(
          async () => {
            const answer = await c.inbound(other, 'LEASE-PROBE', 'sonda');
            if (answer.status !== 202) answers.add(`${answer.status} ${answer.error} retry-after=${answer.retryAfter}`);
            return answer.status === 202;
          },
          60_000,
          'the other worker runs the connection',
        );
        const res = await inFlight;
        const sendMs = Date.now() - killedAt;
        const body = (await res.json()) as Array<{ providerId: string }> | { error: string };
        // A send reported failed must not reach WhatsApp afterwards: look once more after the slow link's delay.
        await c.waitUntil(async () => c.wire().some((w) => w.providerId === onTheWay.providerId), 10_000, 'the send lands').catch(() => null);
        const delivered = c.wire().filter((w) => w.providerId === onTheWay.providerId).length;
        Object.assign(figures, { takeoverMs, takeoverAnswers: [...answers], inFlight: { status: res.status, msAfterKill: sendMs, body, delivered } });

        expect(takeoverMs).toBeLessThan(10_000 * TIME_FACTOR);
        for (const answer of answers) expect(answer).toMatch(/^503 ERR_SERVICE_UNAVAILABLE retry-after=\d+$/);
        expect(res.status).toBe(201);
        expect((body as Array<{ providerId: string }>)[0]!.providerId).toBe(onTheWay.providerId);
        expect(c.wire([holder]).filter((w) => w.providerId === onTheWay.providerId)).toHaveLength(0);
        expect(c.wire([other]).filter((w) => w.providerId === onTheWay.providerId)).toHaveLength(1);
        expect(await c.query('select id from messages where provider_id = $1', [onTheWay.providerId])).toHaveLength(1);

        // Afterwards exactly one worker runs it, under its own lease; nothing reached WhatsApp twice.
        expect(await c.running([other])).toEqual([other]);
        const instance = c.instanceId(other);
        if (instance) expect(await c.leaseHolder()).toMatch(new RegExp(`^${instance}/`));
        expect(c.duplicates()).toEqual([]);
      },
      90_000 * TIME_FACTOR,
    );
  });
});
