import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_GRAPH_VERSION } from '../../../src/channels/cloud-api/cloud-api-types.js';
import { type FakeGraphApi, type FakeGraphApiOptions, startFakeGraphApi } from '../../../src/channels/cloud-api/fake-graph-api.js';
import { FAKE_ACCESS_TOKEN, FAKE_BUSINESS_ACCOUNT_ID, FAKE_PHONE_NUMBER_ID } from '../../../src/channels/cloud-api/fake-graph-fixtures.js';
// @ts-expect-error plain ESM helper shared with the benchmarks
import { crashRedisPrefix, freePort, login, query, seed, startServer, waitUntil } from '../../utils/crash-scenario.mjs';
import { cloneTemplate, dropDatabase } from '../../utils/test-database.js';
import { TIME_FACTOR } from '../../utils/time.js';

const APP_SECRET = 'segredo-do-crash';
const RECIPIENTS = 20;
/** How long a send of unknown outcome waits for its status here (10 minutes by default). */
const OUTCOME_WAIT_MS = 6000;

interface Server {
  child: { kill(signal: string): void };
  exited: Promise<unknown>;
  stderr(): string;
}

/**
 * The exactly-once promise on a provider that assigns the message ids (the Cloud API), with the real server killed
 * with SIGKILL while Meta (the fake) holds the answer to a template send: the attempt was recorded and reached Meta,
 * its outcome was not. After a restart nothing is sent twice: the first cut send is settled by its status webhook
 * (which Meta retries until the app answers), the second, whose statuses never arrive, is marked failed once the
 * wait is over, and a late status still corrects it.
 */
describe('security: a Cloud API campaign killed mid-send', () => {
  let fake: FakeGraphApi;
  let db: { name: string; url: string };
  let dataDir: string;
  let server: Server | null = null;
  const fakeOptions: FakeGraphApiOptions = { appSecret: APP_SECRET };

  beforeAll(async () => {
    fake = await startFakeGraphApi(fakeOptions);
    db = await cloneTemplate();
    dataDir = mkdtempSync(join(tmpdir(), 'cloud-crash-'));
  });
  afterAll(async () => {
    if (server) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await fake?.close();
    if (db) await dropDatabase(db.name);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'sends nobody twice; the cut send ends delivered by its status, one without a status ends failed-unknown',
    async () => {
      const { companyId } = await seed(db.url);
      await query(db.url, `insert into settings (company_id, key, value) values ($1, 'campaignsEnabled', 'true')`, [companyId]);
      for (const [key, value] of [
        ['messageInterval', '0'],
        ['longerIntervalAfter', '0'],
        ['dailyCap', '0'],
      ]) {
        await query(db.url, `insert into campaign_settings (company_id, key, value) values ($1, $2, $3)`, [companyId, key, value]);
      }
      const [list] = await query(db.url, `insert into contact_lists (company_id, name) values ($1, 'Cloud') returning id`, [companyId]);
      await query(
        db.url,
        `insert into contact_list_items (company_id, contact_list_id, name, number, is_whatsapp_valid)
         select $1, $2, 'Cliente ' || g, '5511966' || lpad(g::text, 6, '0'), true from generate_series(1, $3) g`,
        [companyId, list.id, RECIPIENTS],
      );
      const numbers = new Set(Array.from({ length: RECIPIENTS }, (_, i) => `5511966${String(i + 1).padStart(6, '0')}`));

      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      const options = {
        dbUrl: db.url,
        dataDir,
        redisPrefix: crashRedisPrefix(),
        port,
        extraEnv: {
          CLOUD_API_GRAPH_URL: fake.baseUrl,
          CLOUD_API_GRAPH_VERSION: DEFAULT_GRAPH_VERSION,
          CAMPAIGN_SECOND_MS: '2',
          SEND_OUTCOME_WAIT_MS: String(OUTCOME_WAIT_MS),
        },
      };
      const start = async (what: string) => {
        server = startServer(options) as Server;
        await waitUntil(async () => (await fetch(`${baseUrl}/api/health`)).status === 200, 60_000, what);
      };
      const kill = async () => {
        server!.child.kill('SIGKILL');
        await server!.exited;
        server = null;
      };
      const shipping = async (number: string) =>
        (await query(db.url, `select status, error, attempted_at, outcome_ack, provider_id from campaign_shippings where number = $1`, [number]))[0];

      await start('first start');
      const token = await login(baseUrl);
      const post = (path: string, body: unknown) =>
        fetch(`${baseUrl}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const created = await post('/api/whatsapp', {
        name: 'Meta',
        provider: 'cloud',
        cloud: { phoneNumberId: FAKE_PHONE_NUMBER_ID, businessAccountId: FAKE_BUSINESS_ACCOUNT_ID, accessToken: FAKE_ACCESS_TOKEN, appSecret: APP_SECRET },
      });
      expect(created.status).toBe(201);
      const connectionId = ((await created.json()) as { id: number }).id;
      fakeOptions.webhookUrl = `${baseUrl}/api/cloud-api/${connectionId}/webhook`;
      const [template] = await waitUntil(
        async () => {
          const found = await query(db.url, `select id from message_templates where whatsapp_id = $1 and name = 'pedido_confirmado'`, [connectionId]);
          return found.length ? found : null;
        },
        30_000,
        'templates synced',
      );

      // The sixth send reaches Meta, which holds its answer; the server dies then.
      const first = fake.holdSend(6);
      const campaign = await post('/api/campaigns', {
        name: 'Crash',
        message1: 'Pedido',
        templates: [{ variant: 1, templateId: template.id, variables: ['{nome}', 'P-{numero}'] }],
        contactListId: list.id,
        whatsappId: connectionId,
        scheduledAt: new Date().toISOString(),
      });
      expect(campaign.status).toBe(201);
      const campaignId = ((await campaign.json()) as { id: number }).id;
      const cut = await first.reached;
      await kill();
      // Recorded as attempted (under the id Meta saw as biz_opaque_callback_data), its outcome never written.
      const attempted = await shipping(cut.to);
      expect(attempted).toMatchObject({ status: 'sending', outcome_ack: null });
      expect(attempted.attempted_at).not.toBeNull();
      expect((cut.payload as { biz_opaque_callback_data: string }).biz_opaque_callback_data).toBe(attempted.provider_id);
      // Meta answers a dead socket; its statuses find nobody (Meta retries them later).
      first.release();
      await fake.settled();

      // After the restart, the eighth send from now is cut the same way, and its statuses are never delivered.
      const second = fake.holdSend(8);
      await start('restart after the first kill');
      expect(await fake.retryWebhooks()).toBeGreaterThan(0);
      await waitUntil(async () => (await shipping(cut.to)).status === 'delivered', 60_000, 'the cut send settled by its status');
      const lost = await second.reached;
      await kill();
      second.release();
      await fake.settled();
      await start('restart after the second kill');

      const finished = await waitUntil(
        async () => (await query(db.url, `select status from campaigns where id = $1`, [campaignId]))[0].status === 'FINALIZADA',
        90_000,
        'campaign finished',
      );
      expect(finished).toBe(true);
      // Nobody got it twice, everybody got it once.
      const perNumber = new Map<string, number>();
      for (const entry of fake.wire) perNumber.set(entry.to, (perNumber.get(entry.to) ?? 0) + 1);
      expect([...perNumber.keys()].sort()).toEqual([...numbers].sort());
      expect([...perNumber.values()].every((count) => count === 1)).toBe(true);
      expect(await shipping(cut.to)).toMatchObject({ status: 'delivered', outcome_ack: 4 });
      // No status came within the wait: decided failed rather than sent again.
      expect(await shipping(lost.to)).toMatchObject({ status: 'failed', error: 'ERR_CLOUD_OUTCOME_UNKNOWN' });
      const [counts] = await query(
        db.url,
        `select count(*) filter (where status = 'delivered')::int as delivered, count(*) filter (where status = 'failed')::int as failed
           from campaign_shippings where campaign_id = $1`,
        [campaignId],
      );
      expect(counts).toEqual({ delivered: RECIPIENTS - 1, failed: 1 });

      // Meta's retry of the lost statuses arrives at last: the recipient did get it, and the report says so.
      await fake.retryWebhooks();
      await waitUntil(async () => (await shipping(lost.to)).status === 'delivered', 30_000, 'the late status corrects the report');
      expect(fake.wire).toHaveLength(RECIPIENTS);
    },
    240_000 * TIME_FACTOR,
  );
});
