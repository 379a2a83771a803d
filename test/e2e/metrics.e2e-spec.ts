import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SimulatorProviderFactory } from '../../src/channels/simulator/simulator-provider.factory.js';
import { MetricsPort } from '../../src/infra/metrics/metrics-port.js';
import { MetricsTokenGuard } from '../../src/infra/metrics/metrics-token.guard.js';
import type { Whatsapp } from '../../src/modules/connections/whatsapp.entity.js';
import { connectedSimulator, drainPipeline, waitFor } from '../utils/channels.js';
import { refuseConnections } from '../utils/database-outage.js';
import { createTenant, login, type Session, type TenantFixture } from '../utils/factories.js';
import { connectSocket } from '../utils/sockets.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';
import { customerWrites } from '../utils/tickets.js';
import { TIME_FACTOR } from '../utils/time.js';
import { campaignReaches, contactListWith, setCampaignSettings } from '../utils/campaigns.js';

const TOKEN = 'metrics-token-for-the-test-0123';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The value of one series (labels written exactly as exposed), or null when absent. */
function sample(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}

describe('metrics and health', () => {
  let t: TestApp;
  let tenant: TenantFixture;
  let admin: Session;
  let connection: Whatsapp;

  const scrape = async (): Promise<string> => {
    const res = await t.http().get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text;
  };

  beforeAll(async () => {
    t = await createTestApp({ metrics: { token: TOKEN, port: 0, refreshMs: 0 } });
    tenant = await createTenant(t);
    admin = await login(t, tenant.admin.email);
    connection = await connectedSimulator(t, tenant.company.id);
  });
  afterAll(() => t?.close());

  it('refuses /metrics on the main port without the token, or with another one', async () => {
    expect((await t.http().get('/metrics')).status).toBe(401);
    expect((await t.http().get('/metrics').set('Authorization', 'Bearer wrong-token-of-the-same-size-012')).status).toBe(401);
    // A user's session token opens nothing here.
    expect((await t.http().get('/metrics').set(admin.auth)).status).toBe(401);
    expect((await t.http().get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`)).status).toBe(404);
  });

  it('has no /metrics on the main port when no token is configured', () => {
    const guard = new MetricsTokenGuard({ ...t.config, metrics: { ...t.config.metrics, token: null } });
    const context = { switchToHttp: () => ({ getRequest: () => ({ headers: { authorization: `Bearer ${TOKEN}` } }) }) };
    expect(() => guard.canActivate(context as never)).toThrow('Cannot GET /metrics');
  });

  it('serves /metrics without a token on METRICS_PORT, and nothing else there', async () => {
    const port = t.app.get(MetricsPort).port();
    expect(port).toBeGreaterThan(0);
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('# TYPE atendechat_inbox_accepted_total counter');
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
  });

  it('labels HTTP requests by route template and status, never by the raw URL', async () => {
    const before = await scrape();
    const okSeries = 'atendechat_http_request_duration_seconds_count{method="GET",route="/api/tickets",status="200"}';
    const notFoundSeries = 'atendechat_http_request_duration_seconds_count{method="GET",route="/api/tickets/:id",status="404"}';
    expect((await t.http().get('/api/tickets').set(admin.auth)).status).toBe(200);
    expect((await t.http().get('/api/tickets/987654').set(admin.auth)).status).toBe(404);
    expect((await t.http().get('/api/no-such-route/123')).status).toBe(404);
    const after = await scrape();
    expect(sample(after, okSeries)).toBe((sample(before, okSeries) ?? 0) + 1);
    expect(sample(after, notFoundSeries)).toBe((sample(before, notFoundSeries) ?? 0) + 1);
    expect(after).not.toContain('987654');
    expect(after).not.toContain('no-such-route');
    expect(after).toContain('route="unmatched"');
    expect(after).toMatch(/^atendechat_http_requests_in_flight \d+$/m);
  });

  it('moves the ingest series with a simulated inbound message', async () => {
    const socket = await connectSocket(t, admin.token);
    const before = await scrape();
    expect(sample(before, 'atendechat_socket_connections')).toBeGreaterThanOrEqual(1);
    const phone = t.app.get(SimulatorProviderFactory).session(tenant.company.id, connection.id);
    await phone.injectMessage({
      providerId: 'METRICS-1',
      remoteJid: '5511987650001@s.whatsapp.net',
      fromMe: false,
      isGroup: false,
      contactNumber: '5511987650001',
      pushName: 'Cliente',
      timestamp: new Date(),
      mediaType: 'chat',
      body: 'olá',
    });
    await drainPipeline(t);
    const accepted = 'atendechat_inbox_accepted_total{kind="message"}';
    const processed = 'atendechat_inbox_processed_total';
    const emitted = 'atendechat_socket_events_emitted_total{topic="appMessage"}';
    // Processed rows are counted when their lane finishes; drain() resolved, so they are in.
    const after = await waitFor(async () => {
      const text = await scrape();
      return (sample(text, processed) ?? 0) > (sample(before, processed) ?? 0) ? text : null;
    });
    expect(sample(after, accepted)).toBe((sample(before, accepted) ?? 0) + 1);
    expect(sample(after, emitted)).toBeGreaterThan(sample(before, emitted) ?? 0);
    expect(after).toContain('# TYPE atendechat_inbox_backlog gauge');
    expect(after).toContain('# TYPE atendechat_inbox_backlog_age_seconds gauge');
    expect(sample(after, 'atendechat_connections{status="CONNECTED"}')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'atendechat_connection_status_changes_total{status="CONNECTED"}')).toBeGreaterThanOrEqual(1);
    socket.disconnect();
  });

  it('reports the inbox backlog of a connection and its age, read from PostgreSQL', async () => {
    // An event recorded by a process that died before processing it (this process runs the connection: no replay).
    const db = t.em().getConnection();
    const backlogSeries = `atendechat_inbox_backlog{connection="${connection.id}"}`;
    // Rows of the message above are deleted in a batch shortly after they were processed.
    await waitFor(async () => !(await scrape()).includes(backlogSeries));
    await db.execute(
      `insert into inbound_inbox (id, company_id, whatsapp_id, kind, payload, created_at)
       values (gen_random_uuid(), ?, ?, 'ack', '{"kind":"ack","providerId":"GONE","ack":3}', now() - interval '42 seconds')`,
      [tenant.company.id, connection.id],
    );
    try {
      const text = await scrape();
      expect(sample(text, backlogSeries)).toBe(1);
      expect(sample(text, `atendechat_inbox_backlog_age_seconds{connection="${connection.id}"}`)).toBeGreaterThanOrEqual(42);
    } finally {
      await db.execute('delete from inbound_inbox where company_id = ? and whatsapp_id = ?', [tenant.company.id, connection.id]);
    }
    expect(await scrape()).not.toContain(backlogSeries);
  });

  it('moves the outbound, campaign, import and job series with the work they count', async () => {
    const before = await scrape();
    const count = (text: string, series: string) => sample(text, series) ?? 0;
    // One message of ours into a conversation.
    const ticket = await customerWrites(t, admin, connection.id, '5511987650002', 'Oi');
    await t.http().put(`/api/tickets/${ticket.id}`).set(admin.auth).send({ status: 'open', userId: tenant.admin.id }).expect(200);
    expect((await t.http().post(`/api/messages/${ticket.id}`).set(admin.auth).send({ body: 'Olá!' })).status).toBe(201);
    // A two-recipient campaign walked to the end (its walk is a BullMQ job).
    await setCampaignSettings(t, tenant.company.id, { messageInterval: 0, longerIntervalAfter: 0, dailyCap: 0 });
    const audience = await contactListWith(t, tenant.company.id, [
      { name: 'Ana', number: '5511987650011' },
      { name: 'Bia', number: '5511987650012' },
    ]);
    const campaign = await t
      .http()
      .post('/api/campaigns')
      .set(admin.auth)
      .send({ name: 'Métricas', message1: 'Oi {nome}', contactListId: audience.id, whatsappId: connection.id, scheduledAt: new Date().toISOString() });
    expect(campaign.status).toBe(201);
    await campaignReaches(t, campaign.body.id, 'FINALIZADA', 30_000);
    // A three-row spreadsheet imported into a list.
    const list = await t.http().post('/api/contact-lists').set(admin.auth).send({ name: 'Importada' }).expect(201);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['nome', 'numero'],
        ['Caio', '5511987650021'],
        ['Duda', '5511987650022'],
        ['Edu', '5511987650023'],
      ]),
      'Contatos',
    );
    const upload = await t
      .http()
      .post(`/api/contact-lists/${list.body.id}/upload`)
      .set(admin.auth)
      .attach('file', XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer, { filename: 'contatos.xlsx', contentType: XLSX_TYPE });
    expect(upload.status).toBe(202);
    await waitFor(async () => {
      const latest = (await t.http().get(`/api/contact-lists/${list.body.id}/imports/latest`).set(admin.auth)).body.import;
      return latest?.status === 'done';
    }, 20_000 * TIME_FACTOR);

    const sends = 'atendechat_outbound_sends_total{provider="simulator",result="sent"}';
    const recipients = 'atendechat_campaign_recipients_total{result="sent"}';
    const written = 'atendechat_import_rows_total{stage="written"}';
    const campaignJobs = (text: string) =>
      text
        .split('\n')
        .filter((line) => /^atendechat_job_duration_seconds_count\{queue="[^"]*campaigns[^"]*",result="completed"\} /.test(line))
        .reduce((sum, line) => sum + Number(line.split(' ')[1]), 0);
    const after = await waitFor(async () => {
      const text = await scrape();
      return campaignJobs(text) > campaignJobs(before) ? text : null;
    });
    // Ours, plus the two campaign messages.
    expect(count(after, sends) - count(before, sends)).toBeGreaterThanOrEqual(3);
    expect(count(after, recipients) - count(before, recipients)).toBe(2);
    expect(count(after, written) - count(before, written)).toBe(3);
    expect(count(after, 'atendechat_import_rows_total{stage="checked"}')).toBeGreaterThan(count(before, 'atendechat_import_rows_total{stage="checked"}'));
    expect(sample(after, 'atendechat_outbound_sends_total{provider="simulator",result="failed"}') ?? 0).toBe(
      sample(before, 'atendechat_outbound_sends_total{provider="simulator",result="failed"}') ?? 0,
    );
  });

  it('exposes the job, pool, Redis and runtime series', async () => {
    const text = await scrape();
    for (const queue of ['campaigns', 'scheduled-messages'])
      expect(text).toMatch(new RegExp(`^atendechat_jobs\\{queue="[^"]*${queue}[^"]*",state="failed"\\} \\d+$`, 'm'));
    expect(text).toMatch(/^atendechat_db_pool_connections\{pool="orm",state="in_use"\} \d+$/m);
    expect(text).toMatch(/^atendechat_db_pool_connections\{pool="hot_path",state="waiting"\} \d+$/m);
    expect(text).toMatch(/^atendechat_redis_roundtrip_seconds [\d.e-]+$/m);
    expect(text).toMatch(/^atendechat_campaigns_running \d+$/m);
    for (const name of ['process_resident_memory_bytes', 'nodejs_heap_size_used_bytes', 'nodejs_eventloop_lag_p99_seconds', 'process_cpu_seconds_total'])
      expect(text).toMatch(new RegExp(`^${name} [\\d.e+-]+$`, 'm'));
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
  });

  it('answers liveness and readiness', async () => {
    const live = await t.http().get('/api/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });
    const ready = await t.http().get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', database: 'up', redis: 'up', sessions: 'started' });
  });

  it('answers readiness 503 with Retry-After while the database is unreachable; liveness stays 200', async () => {
    const restore = await refuseConnections(t.config.databaseUrl);
    try {
      const ready = await t.http().get('/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(ready.body).toMatchObject({ status: 'unavailable', database: 'down', redis: 'up' });
      expect((await t.http().get('/api/health/live')).status).toBe(200);
      // A scrape still answers, without the series it could not read.
      expect((await t.http().get('/metrics').set('Authorization', `Bearer ${TOKEN}`)).status).toBe(200);
    } finally {
      await restore();
    }
    await waitFor(async () => (await t.http().get('/api/health/ready')).status === 200);
  });
});
