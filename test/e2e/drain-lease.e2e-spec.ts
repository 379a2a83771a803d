import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { DrainLease } from '../../src/channels/drain-lease.js';
import { REDIS_CLIENT_OPTIONS } from '../../src/infra/redis/redis-client-options.js';
import { TIME_FACTOR } from './../utils/time.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const TTL_MS = 900;
const CONNECTION = 7;

const until = async (probe: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> => {
  const deadline = Date.now() + timeoutMs * TIME_FACTOR;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`${what}: not reached in time`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/**
 * The drainer lease of a stateless connection against the machine's Redis (a prefix of the test's own): one holder,
 * the others' claims notify it, a dead holder's lease is taken once it expires, and after Redis lost its keys the
 * holder sets its key again before anyone else may claim it.
 */
describe('DrainLease', () => {
  const prefix = `drain_${randomBytes(4).toString('hex')}`;
  const channelPrefix = `${prefix}:channels:drain:`;
  let redis: Redis;
  let subscriber: Redis;
  const leases: DrainLease[] = [];
  const events: string[] = [];

  const lease = (name: string) => {
    const made = new DrainLease(redis, `${name}/${randomBytes(4).toString('hex')}`, TTL_MS, {
      lost: (id) => events.push(`${name} lost ${id}`),
      retaken: (id) => events.push(`${name} retook ${id}`),
    });
    leases.push(made);
    return made;
  };

  beforeAll(() => {
    redis = new Redis(REDIS_URL, { ...REDIS_CLIENT_OPTIONS, keyPrefix: `${prefix}:` });
    subscriber = new Redis(REDIS_URL, REDIS_CLIENT_OPTIONS);
  });
  afterEach(async () => {
    await Promise.all(leases.splice(0).map((l) => l.releaseAll()));
    events.length = 0;
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys.map((key) => key.slice(prefix.length + 1)));
  });
  afterAll(async () => {
    redis.disconnect();
    subscriber.disconnect();
  });

  /** The dataset is older than the grace period (no Redis loss just now). */
  const settledDataset = () => redis.set('lease:dataset-born', String(Date.now() - 60_000));

  it('has one holder; another claim tells the holder through its channel instead', async () => {
    await settledDataset();
    const a = lease('a');
    const b = lease('b');
    await a.start();
    const heard: string[] = [];
    await subscriber.subscribe(`${channelPrefix}${a.owner}`);
    subscriber.on('message', (_channel: string, message: string) => heard.push(message));

    expect(await a.claim(CONNECTION, channelPrefix, '')).toEqual({ held: true });
    const tenure = a.tenure(CONNECTION);
    expect(tenure).not.toBeNull();
    const answer = await b.claim(CONNECTION, channelPrefix, '{"id":7}');
    expect(answer).toMatchObject({ held: false, notified: true });
    expect(b.tenure(CONNECTION)).toBeNull();
    await until(() => heard.includes('{"id":7}'), 'the holder notified');
    // Claiming again while held keeps the same tenure (work queued under it stays valid).
    expect(await a.claim(CONNECTION, channelPrefix, '')).toEqual({ held: true });
    expect(a.valid(CONNECTION, tenure!)).toBe(true);
    // Renewed past its TTL: still held, still A's.
    await new Promise((resolve) => setTimeout(resolve, TTL_MS * 2));
    expect(a.valid(CONNECTION, tenure!)).toBe(true);
    expect(await redis.get(`lease:drainer:${CONNECTION}`)).toBe(a.owner);
    await subscriber.unsubscribe();
  });

  it("takes a dead holder's lease once it expires, and the dead one's fence fails first", async () => {
    await settledDataset();
    // A holder that never renews: as a process killed right after its claim.
    const dead = lease('dead');
    const b = lease('b');
    expect(await dead.claim(CONNECTION, channelPrefix, '')).toEqual({ held: true });
    const tenure = dead.tenure(CONNECTION)!;
    const claimedAt = Date.now();
    expect((await b.claim(CONNECTION, channelPrefix, '')).held).toBe(false);
    await until(async () => (await b.claim(CONNECTION, channelPrefix, '')).held, 'the lease taken over');
    const takenAfter = Date.now() - claimedAt;
    expect(takenAfter).toBeGreaterThanOrEqual(TTL_MS - 50);
    // The old holder's fence had failed before the lease could be taken.
    expect(dead.valid(CONNECTION, tenure)).toBe(false);
  });

  it('after Redis lost its keys, nobody else claims during the grace while the holder sets its key again', async () => {
    const a = lease('a');
    const b = lease('b');
    await settledDataset();
    await a.start();
    expect((await a.claim(CONNECTION, channelPrefix, '')).held).toBe(true);
    const tenure = a.tenure(CONNECTION)!;
    await redis.del(`lease:drainer:${CONNECTION}`, 'lease:dataset-born');
    // B finds no holder, but the dataset is new: it leaves the connection to its holder.
    expect(await b.claim(CONNECTION, channelPrefix, 'x')).toEqual({ held: false, notified: false, pttlMs: 0 });
    await until(() => events.includes(`a retook ${CONNECTION}`), 'the holder sets its key again');
    expect(await redis.get(`lease:drainer:${CONNECTION}`)).toBe(a.owner);
    expect(a.valid(CONNECTION, tenure)).toBe(true);
    expect((await b.claim(CONNECTION, channelPrefix, '')).held).toBe(false);
  });

  it('loses the lease when another process holds it on renewal, with a new tenure if it claims again', async () => {
    await settledDataset();
    const a = lease('a');
    await a.start();
    expect((await a.claim(CONNECTION, channelPrefix, '')).held).toBe(true);
    const tenure = a.tenure(CONNECTION)!;
    await redis.set(`lease:drainer:${CONNECTION}`, 'someone-else', 'PX', 5000);
    await until(() => events.includes(`a lost ${CONNECTION}`), 'the loss noticed');
    expect(a.valid(CONNECTION, tenure)).toBe(false);
    await redis.del(`lease:drainer:${CONNECTION}`);
    expect((await a.claim(CONNECTION, channelPrefix, '')).held).toBe(true);
    expect(a.tenure(CONNECTION)).not.toBe(tenure);
  });
});
