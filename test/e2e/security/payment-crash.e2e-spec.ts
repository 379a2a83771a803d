import { describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signedSandboxWebhook } from '../../../src/modules/invoices/providers/sandbox/sandbox-payment.provider.js';
// @ts-expect-error plain ESM helper shared with the benchmarks
import { crashRedisPrefix, freePort, query, startServer, waitUntil } from '../../utils/crash-scenario.mjs';
import { cloneTemplate, dropDatabase } from '../../utils/test-database.js';

const COMPANIES = 120;
const SECRET = 'payment-crash-sandbox-secret-0123456789abcdef';
const DAY_KEY = () => `billing:invoices-issued:${new Date().toISOString().slice(0, 10)}`;

interface Server {
  child: { kill: (signal: string) => void };
  exited: Promise<unknown>;
  stderr: () => string;
}

/**
 * Two server processes on one database: both run the daily invoice run at boot (each with its own Redis prefix, so
 * neither knows the other ran), then payment webhooks arrive at the first, which is killed with SIGKILL mid-way;
 * the provider delivers them all again to the second, as a PSP retries every webhook that got no 2xx.
 */
describe('security: billing across processes and a crash', () => {
  it('issues each invoice once from two processes, and applies each payment once across a kill -9', async () => {
    const db = await cloneTemplate();
    const dataDir = mkdtempSync(join(tmpdir(), 'payment-crash-'));
    const prefixes = [crashRedisPrefix(), crashRedisPrefix()];
    const servers: Server[] = [];
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    try {
      const [plan] = await query(db.url, `insert into plans (name, value) values ('Plano Crash', 10) returning id`);
      const companies: Array<{ id: number; due_date: Date }> = await query(
        db.url,
        `insert into companies (name, plan_id, due_date) select 'Crash ' || g, $1, now() + interval '5 days' + g * interval '1 minute'
           from generate_series(1, $2) g returning id, due_date`,
        [plan.id, COMPANIES],
      );

      const urls: string[] = [];
      for (const prefix of prefixes) {
        const port = await freePort();
        urls.push(`http://127.0.0.1:${port}`);
        servers.push(startServer({ dbUrl: db.url, dataDir, redisPrefix: prefix, port, extraEnv: { SANDBOX_WEBHOOK_SECRET: SECRET } }));
      }
      for (const url of urls) await waitUntil(async () => (await fetch(`${url}/api/health`)).status === 200, 60_000, `${url} up`);
      // Both processes ran the day's issue: each marked the day done under its own prefix.
      for (const prefix of prefixes) await waitUntil(async () => (await redis.exists(`${prefix}:${DAY_KEY()}`)) === 1, 30_000, `${prefix} ran`);
      const invoices: Array<{ id: number; company_id: number }> = await query(db.url, 'select id, company_id from invoices order by company_id');
      expect(invoices.map((row) => row.company_id)).toEqual(companies.map((c) => c.id));

      // A charge per invoice, as the checkout issues them.
      await query(
        db.url,
        `insert into payment_charges (company_id, invoice_id, provider, txid, amount, expires_at, status)
         select company_id, id, 'sandbox', company_id || 'x' || substr(md5(id::text), 1, 10), value, now() + interval '1 day', 'pending' from invoices`,
      );
      const charges: Array<{ txid: string }> = await query(db.url, 'select txid from payment_charges order by id');
      const deliver = (url: string, txid: string) => {
        const { body, headers } = signedSandboxWebhook(SECRET, { endToEndId: `E2E${txid}`, txid, amount: '10.00', paidAt: new Date().toISOString() });
        return fetch(`${url}/api/payments/webhook/sandbox`, { method: 'POST', headers, body });
      };

      // Phase 1: the webhooks at the first process, four at a time, killed once a quarter were acknowledged.
      let acknowledged = 0;
      let killed = false;
      const queue = [...charges];
      const sender = async () => {
        for (let next = queue.shift(); next && !killed; next = queue.shift()) {
          const res = await deliver(urls[0]!, next.txid).catch(() => null);
          if (res?.status === 200 && ++acknowledged === COMPANIES / 4) {
            killed = true;
            servers[0]!.child.kill('SIGKILL');
          }
        }
      };
      await Promise.all([sender(), sender(), sender(), sender()]);
      await servers[0]!.exited;
      const paidAtKill = Number((await query(db.url, `select count(*) from invoices where status = 'paid'`))[0].count);
      // The kill really happened mid-way.
      expect(paidAtKill).toBeGreaterThanOrEqual(COMPANIES / 4);
      expect(paidAtKill).toBeLessThan(COMPANIES);

      // Phase 2: the provider retries every webhook, at the process still running.
      const outcomes: string[] = [];
      for (const { txid } of charges) outcomes.push(...((await (await deliver(urls[1]!, txid)).json()) as { outcomes: string[] }).outcomes);
      expect(outcomes.filter((o) => o === 'replayed')).toHaveLength(paidAtKill);
      expect(outcomes.filter((o) => o === 'applied')).toHaveLength(COMPANIES - paidAtKill);

      const rows: Array<{ id: number; status: string; moved: boolean }> = await query(
        db.url,
        // Moved by one month exactly (to the millisecond: the server computes dates in JavaScript).
        `select c.id, i.status, abs(extract(epoch from c.due_date - (i.due_date + interval '1 month'))) < 0.001 as moved
           from companies c join invoices i on i.company_id = c.id order by c.id`,
      );
      expect(rows.filter((row) => row.status !== 'paid' || !row.moved)).toEqual([]);
      const log = await query(db.url, `select outcome, count(*)::int as n from payment_transactions group by outcome`);
      expect(log).toEqual([{ outcome: 'applied', n: COMPANIES }]);
    } finally {
      for (const server of servers) server.child.kill('SIGKILL');
      await Promise.all(servers.map((server) => server.exited));
      redis.disconnect();
      await dropDatabase(db.name);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
