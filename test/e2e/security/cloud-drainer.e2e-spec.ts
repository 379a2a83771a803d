import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { TIME_FACTOR } from '../../utils/time.js';
import { createCloudConnection, drainerOf, postWebhook, statusOf, textMessage } from './cloud-webhooks.js';
import { LeaseCluster, type Proc } from './lease-cluster.js';

/** The product's defaults: the takeover figure printed is the one an install sees. */
const LEASE_TTL_MS = 9000;
const SWEEP_MS = 2000;

interface Sent {
  customer: string;
  id: string;
}

/**
 * Two API processes take the webhooks of one Cloud API connection (built server, one database and Redis, and a
 * worker whose sweep must leave those rows alone): whichever
 * process receives a webhook, the events are processed by one drainer in the inbox's order, and when the drainer is
 * killed with SIGKILL mid-burst the other takes over: every acknowledged message is stored once, in order.
 */
describe('Cloud API webhooks across processes: one drainer per connection', () => {
  let cluster: LeaseCluster;
  let a: Proc;
  let b: Proc;
  let connectionId: number;

  beforeAll(async () => {
    cluster = await LeaseCluster.create({ env: { CONNECTION_LEASE_TTL_MS: String(LEASE_TTL_MS), CONNECTION_SWEEP_MS: String(SWEEP_MS) } });
    // A worker too: its sweep must leave the Cloud API connection's rows to the drainer.
    [a, b] = await Promise.all([cluster.spawn('api-a', 'api'), cluster.spawn('api-b', 'api'), cluster.spawn('worker', 'worker')]);
    await cluster.signIn(a);
    connectionId = await createCloudConnection(cluster, a);
  });
  afterAll(async () => {
    for (const proc of cluster?.procs ?? []) if (proc.server.stderr()) console.log(`${proc.name} stderr: ${proc.server.stderr()}`);
    await cluster?.close();
  });

  const stored = () =>
    cluster.query<{ provider_id: string; number: string }>(
      `select m.provider_id, c.number from messages m join contacts c on c.id = m.contact_id
        where m.whatsapp_id = $1 and not m.from_me order by m.id`,
      [connectionId],
    );
  const pendingRows = async () =>
    Number((await cluster.query<{ n: string }>('select count(*) as n from inbound_inbox where whatsapp_id = $1', [connectionId]))[0]!.n);

  /** Every acknowledged message stored exactly once, and each customer's in the order the customer sent them. */
  async function expectStoredOnceInOrder(sent: Sent[], what: string): Promise<void> {
    const ids = new Set(sent.map((s) => s.id));
    await cluster.waitUntil(
      async () => (await pendingRows()) === 0 && (await stored()).filter((row) => ids.has(row.provider_id)).length >= ids.size,
      60_000,
      `${what}: every message processed`,
    );
    const rows = (await stored()).filter((row) => ids.has(row.provider_id));
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(row.provider_id, (counts.get(row.provider_id) ?? 0) + 1);
    expect([...counts.values()].filter((n) => n > 1)).toEqual([]);
    expect(counts.size).toBe(ids.size);
    for (const customer of new Set(sent.map((s) => s.customer))) {
      const order = sent.filter((s) => s.customer === customer).map((s) => s.id);
      expect(rows.filter((row) => row.number === customer).map((row) => row.provider_id)).toEqual(order);
    }
  }

  it('stores each conversation in webhook order while both processes receive its webhooks, interleaved', async () => {
    const customers = ['5511960000001', '5511960000002', '5511960000003', '5511960000004'];
    const sent: Sent[] = [];
    // Each customer writes in order (the next webhook once the last was answered); customers in parallel; the
    // webhooks of one customer alternate between the two processes.
    await Promise.all(
      customers.map(async (customer, c) => {
        for (let k = 0; k < 25; k += 1) {
          const id = `wamid.ORDER-${c}-${k}`;
          expect(await postWebhook(k % 2 === c % 2 ? a : b, connectionId, textMessage(customer, id, `mensagem ${k}`))).toBe(200);
          sent.push({ customer, id });
        }
      }),
    );
    await expectStoredOnceInOrder(sent, 'interleaved');
    const { proc } = await drainerOf(cluster, connectionId);
    expect([a, b]).toContain(proc);
  });

  it('stores a message a few milliseconds after its 200, whichever process received it', async () => {
    const { proc: drainer } = await drainerOf(cluster, connectionId);
    const other = drainer === a ? b : a;
    const db = new pg.Client({ connectionString: cluster.db.url });
    await db.connect();
    const latencies = async (proc: Proc, tag: string): Promise<string> => {
      const stored: number[] = [];
      for (let i = 0; i < 30; i += 1) {
        const id = `wamid.LATENCY-${tag}-${i}`;
        const started = performance.now();
        expect(await postWebhook(proc, connectionId, textMessage('5511950000001', id, `latência ${i}`))).toBe(200);
        while (!(await db.query('select 1 from messages where provider_id = $1', [id])).rowCount) await new Promise((resolve) => setImmediate(resolve));
        stored.push(performance.now() - started);
      }
      stored.sort((x, y) => x - y);
      return `median ${stored[15]!.toFixed(1)} ms, p95 ${stored[28]!.toFixed(1)} ms`;
    };
    try {
      const atDrainer = await latencies(drainer!, 'holder');
      const elsewhere = await latencies(other, 'other');
      console.log(`cloud webhook to stored, two API processes: received by the drainer ${atDrainer}; by the other process ${elsewhere}`);
    } finally {
      await db.end();
    }
  });

  it('loses nothing acknowledged when the draining process is killed mid-burst, and the other takes over', async () => {
    const { holder, proc: drainer } = await drainerOf(cluster, connectionId);
    expect(drainer).toBeDefined();
    const survivor = drainer === a ? b : a;
    const customers = Array.from({ length: 10 }, (_, i) => `55119700000${String(i).padStart(2, '0')}`);
    const perCustomer = 50;
    const sent: Sent[] = [];
    let acknowledged = 0;
    let statuses = 0;
    let killedAt = 0;
    let killing: Promise<void> | null = null;
    const alive = () => [a, b].filter((p) => cluster.alive(p) && !(killedAt && p === drainer));

    /** As Meta does: a delivery not answered 200 is posted again (here at once, to a process still alive). */
    async function deliver(payload: object, turn: number): Promise<void> {
      for (let attempt = 0; ; attempt += 1) {
        const procs = alive();
        const status = await postWebhook(procs[(turn + attempt) % procs.length]!, connectionId, payload);
        if (status === 200) return;
        expect(status === 0 || status === 503).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }

    await Promise.all(
      customers.map(async (customer, c) => {
        for (let k = 0; k < perCustomer; k += 1) {
          const id = `wamid.BURST-${c}-${k}`;
          await deliver(textMessage(customer, id, `rajada ${k}`), c + k);
          sent.push({ customer, id });
          acknowledged += 1;
          if (acknowledged >= 200 && !killing) {
            killedAt = Date.now();
            killing = cluster.kill(drainer!);
          }
          if (k % 5 === 4) {
            // Statuses of that conversation's earlier messages, as Meta interleaves them.
            await deliver(statusOf(`wamid.BURST-${c}-${k - 1}`, customer, 'read'), c + k + 1);
            statuses += 1;
          }
        }
      }),
    );
    await killing;
    expect(killedAt).toBeGreaterThan(0);

    // The survivor holds the drainer lease once the dead one's expired (at most its TTL after the kill).
    const takenOver = await cluster.waitUntil(
      async () => {
        const now = await drainerOf(cluster, connectionId);
        return now.proc === survivor && now.holder !== holder ? Date.now() : null;
      },
      LEASE_TTL_MS + 5 * SWEEP_MS,
      'the survivor drains',
    );
    const takeoverMs = takenOver - killedAt;
    await expectStoredOnceInOrder(sent, 'burst');
    const doneMs = Date.now() - killedAt;
    console.log(
      `cloud drainer kill -9: ${sent.length} messages + ${statuses} statuses acknowledged, stored once each in order; ` +
        `takeover ${(takeoverMs / 1000).toFixed(1)} s after the kill (lease TTL ${LEASE_TTL_MS / 1000} s), all processed ${(doneMs / 1000).toFixed(1)} s after it`,
    );
    expect(sent).toHaveLength(customers.length * perCustomer);
    expect(takeoverMs).toBeLessThan((LEASE_TTL_MS + 2 * SWEEP_MS) * TIME_FACTOR);
  });

  it('keeps draining after Redis lost every key (the inbox in PostgreSQL is the truth)', async () => {
    const keys = await cluster.redis.keys('*');
    // The client adds the prefix: the keys it lists carry it already.
    const prefix = (cluster.redis.options.keyPrefix ?? '') as string;
    if (keys.length) await cluster.redis.del(...keys.map((key) => key.slice(prefix.length)));
    expect(await cluster.redis.get(`lease:drainer:${connectionId}`)).toBeNull();
    const survivor = [a, b].find((p) => cluster.alive(p))!;
    const sent: Sent[] = [];
    for (let k = 0; k < 20; k += 1) {
      const id = `wamid.AFTER-LOSS-${k}`;
      expect(await postWebhook(survivor, connectionId, textMessage('5511980000001', id, `depois ${k}`))).toBe(200);
      sent.push({ customer: '5511980000001', id });
    }
    await expectStoredOnceInOrder(sent, 'after the Redis loss');
    // The holder drained on (its fence is in memory) and sets its key again on its next renewal.
    await cluster.waitUntil(async () => (await drainerOf(cluster, connectionId)).proc === survivor, LEASE_TTL_MS, 'the drainer key set again');
  });
});
