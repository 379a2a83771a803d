import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ChannelsRepository } from '../../src/channels/channels.repository.js';
import { DEFAULT_GRAPH_VERSION } from '../../src/channels/cloud-api/cloud-api-types.js';
import { type FakeGraphApi, startFakeGraphApi } from '../../src/channels/cloud-api/fake-graph-api.js';
import { FAKE_ACCESS_TOKEN, FAKE_BUSINESS_ACCOUNT_ID, FAKE_PHONE_NUMBER_ID } from '../../src/channels/cloud-api/fake-graph-fixtures.js';
import { signWebhook } from '../../src/channels/cloud-api/webhook-signature.js';
// @ts-expect-error plain ESM helper shared with the benchmarks
import { freePort } from '../utils/crash-scenario.mjs';
import { drainPipeline, waitFor } from '../utils/channels.js';
import { type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';

const APP_SECRET = 'meta-app-secret-of-the-test';
const CUSTOMER = '5511977770001';

const rows = <T>(t: TestApp, sql: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(sql, params);

/**
 * A WhatsApp Cloud API connection end to end against the local Graph API fake: settings stored sealed and never shown,
 * the webhook handshake and signature, a customer's message through the same inbox as every provider, an answer sent
 * under Meta's id, and its statuses as receipts.
 */
describe('WhatsApp Cloud API connections', () => {
  let t: TestApp;
  let fake: FakeGraphApi;
  let a: TenantFixture;
  let adminA: Session;
  let userA: Session;
  let adminB: Session;
  let connectionId: number;
  let graphPort: number;

  beforeAll(async () => {
    // The fake's port is fixed first: the app needs its address, the fake needs the app's webhook URL.
    graphPort = await freePort();
    t = await createTestApp({
      channels: { leaseTtlMs: 9000, sweepIntervalMs: 2000, cloudApi: { graphBaseUrl: `http://127.0.0.1:${graphPort}`, graphVersion: DEFAULT_GRAPH_VERSION } },
    });
    ({ a, adminA, userA, adminB } = await twoTenants(t, { plan: { connections: 3 } }));
  });
  afterAll(async () => {
    await fake?.close();
    await t?.close();
  });

  const cloudSettings = {
    phoneNumberId: FAKE_PHONE_NUMBER_ID,
    businessAccountId: FAKE_BUSINESS_ACCOUNT_ID,
    accessToken: FAKE_ACCESS_TOKEN,
    appSecret: APP_SECRET,
  };
  const webhook = (id = connectionId) => `/api/cloud-api/${id}/webhook`;

  it('refuses a Cloud API connection without its settings, and settings on another provider', async () => {
    const missing = await t
      .http()
      .post('/api/whatsapp')
      .set(adminA.auth)
      .send({ name: 'Sem token', provider: 'cloud', cloud: { ...cloudSettings, accessToken: undefined } });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('cloud.accessToken');
    const badId = await t
      .http()
      .post('/api/whatsapp')
      .set(adminA.auth)
      .send({ name: 'Id ruim', provider: 'cloud', cloud: { ...cloudSettings, phoneNumberId: '../1' } });
    expect(badId.status).toBe(400);
    const wrongProvider = await t.http().post('/api/whatsapp').set(adminA.auth).send({ name: 'Simulada', provider: 'simulator', cloud: cloudSettings });
    expect(wrongProvider.status).toBe(400);
    expect((await t.http().post('/api/whatsapp').set(userA.auth).send({ name: 'Meta', provider: 'cloud', cloud: cloudSettings })).status).toBe(403);
  });

  it('stores the settings sealed, never answers the secrets, and connects by reading the phone number', async () => {
    const created = await t.http().post('/api/whatsapp').set(adminA.auth).send({ name: 'Meta', provider: 'cloud', cloud: cloudSettings });
    expect(created.status).toBe(201);
    connectionId = created.body.id;
    expect(created.body.cloud).toMatchObject({
      phoneNumberId: FAKE_PHONE_NUMBER_ID,
      businessAccountId: FAKE_BUSINESS_ACCOUNT_ID,
      webhookPath: webhook(),
      accessTokenHint: FAKE_ACCESS_TOKEN.slice(-4),
      appSecretSet: true,
    });
    expect(created.body.cloud.verifyToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const shown = JSON.stringify(created.body) + JSON.stringify((await t.http().get(`/api/whatsapp/${connectionId}`).set(adminA.auth)).body);
    expect(shown).not.toContain(FAKE_ACCESS_TOKEN);
    expect(shown).not.toContain(APP_SECRET);
    const [stored] = await rows<{ cloud_access_token: string; cloud_app_secret: string }>(
      t,
      'select cloud_access_token, cloud_app_secret from whatsapps where id = ?',
      [connectionId],
    );
    expect(stored!.cloud_access_token).toMatch(/^v1\./);
    expect(stored!.cloud_access_token).not.toContain(FAKE_ACCESS_TOKEN);
    expect(stored!.cloud_app_secret).not.toContain(APP_SECRET);
    // Another company sees nothing of it.
    expect((await t.http().get(`/api/whatsapp/${connectionId}`).set(adminB.auth)).status).toBe(404);

    // The Graph API answers from now on: starting the connection reads the number and marks it connected.
    fake = await startFakeGraphApi({ port: graphPort, appSecret: APP_SECRET, webhookUrl: `${t.baseUrl}${webhook()}` });
    expect((await t.http().post(`/api/whatsappsession/${connectionId}`).set(adminA.auth)).status).toBe(200);
    await waitFor(async () => (await rows<{ status: string }>(t, 'select status from whatsapps where id = ?', [connectionId]))[0]!.status === 'CONNECTED');
    const [row] = await rows<{ phone_number: string }>(t, 'select phone_number from whatsapps where id = ?', [connectionId]);
    expect(row!.phone_number).toBe('15550783881');
    // What a process reads at boot to send through it at once (every company's connected Cloud API connections).
    expect((await t.app.get(ChannelsRepository).connectedOf(['cloud', 'other'])).map((c) => c.id)).toContain(connectionId);
  });

  it("answers Meta's verification handshake only with the connection's verify token", async () => {
    const verifyToken = (await t.http().get(`/api/whatsapp/${connectionId}`).set(adminA.auth)).body.cloud.verifyToken as string;
    const ok = await t.http().get(webhook()).query({ 'hub.mode': 'subscribe', 'hub.verify_token': verifyToken, 'hub.challenge': '1158201444' });
    expect(ok.status).toBe(200);
    expect(ok.text).toBe('1158201444');
    expect((await t.http().get(webhook()).query({ 'hub.mode': 'subscribe', 'hub.verify_token': 'wrong', 'hub.challenge': '1' })).status).toBe(401);
    expect((await t.http().get(webhook(999_999)).query({ 'hub.mode': 'subscribe', 'hub.verify_token': verifyToken, 'hub.challenge': '1' })).status).toBe(401);
    expect((await t.http().get('/api/cloud-api/abc/webhook')).status).toBe(400);
  });

  it('refuses a delivery not signed with the app secret and records nothing', async () => {
    const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [] });
    const unsigned = await t.http().post(webhook()).set('content-type', 'application/json').send(body);
    expect(unsigned.status).toBe(401);
    const forged = await t
      .http()
      .post(webhook())
      .set('content-type', 'application/json')
      .set('x-hub-signature-256', signWebhook(body, 'another-secret'))
      .send(body);
    expect(forged.status).toBe(401);
    const malformed = '{"object":"whatsapp_business_account","entry":"x"}';
    expect(
      (await t.http().post(webhook()).set('content-type', 'application/json').set('x-hub-signature-256', signWebhook(malformed, APP_SECRET)).send(malformed))
        .status,
    ).toBe(400);
    expect(await rows(t, 'select id from inbound_inbox where whatsapp_id = ?', [connectionId])).toEqual([]);
  });

  it("stores a customer's message once, however often Meta delivers it, in a ticket of the connection", async () => {
    const message = { from: CUSTOMER, id: 'wamid.CLOUD-IN-1', profileName: 'Carla Cloud', type: 'text' as const, text: { body: 'Olá, quero um orçamento' } };
    expect(await fake.deliverInbound(FAKE_PHONE_NUMBER_ID, message)).toBe(200);
    expect(await fake.deliverInbound(FAKE_PHONE_NUMBER_ID, message)).toBe(200);
    await drainPipeline(t);
    const stored = await rows<{ body: string; from_me: boolean; ticket_id: number }>(
      t,
      "select body, from_me, ticket_id from messages where company_id = ? and provider_id = 'wamid.CLOUD-IN-1'",
      [a.company.id],
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ body: 'Olá, quero um orçamento', from_me: false });
    const [ticket] = await rows<{ whatsapp_id: number }>(t, 'select whatsapp_id from tickets where id = ?', [stored[0]!.ticket_id]);
    expect(ticket!.whatsapp_id).toBe(connectionId);
    const [contact] = await rows<{ name: string }>(t, 'select name from contacts where company_id = ? and number = ?', [a.company.id, CUSTOMER]);
    expect(contact!.name).toBe('Carla Cloud');
  });

  it("answers through the Graph API under Meta's id and follows its statuses as receipts", async () => {
    const [{ ticket_id: ticketId }] = (await rows<{ ticket_id: number }>(t, "select ticket_id from messages where provider_id = 'wamid.CLOUD-IN-1'")) as [
      { ticket_id: number },
    ];
    const sent = await t.http().post(`/api/messages/${ticketId}`).set(adminA.auth).send({ body: 'Claro! Já te envio.' });
    expect(sent.status).toBe(201);
    const wire = fake.wire.find((w) => w.type === 'text' && (w.payload as { text: { body: string } }).text.body === 'Claro! Já te envio.');
    expect(wire).toBeDefined();
    expect(wire!.to).toBe(CUSTOMER);
    const [row] = await rows<{ provider_id: string; ack: number }>(t, "select provider_id, ack from messages where body = 'Claro! Já te envio.'");
    expect(row!.provider_id).toBe(wire!.id);
    // sent, delivered, read: the receipts rise to read.
    await waitFor(async () => {
      await drainPipeline(t);
      return (await rows<{ ack: number }>(t, 'select ack from messages where provider_id = ?', [wire!.id]))[0]!.ack === 4;
    });
  });

  it('marks the connection disconnected on logout and sends nothing through it any more', async () => {
    expect((await t.http().delete(`/api/whatsappsession/${connectionId}`).set(adminA.auth)).status).toBe(200);
    const [row] = await rows<{ status: string }>(t, 'select status from whatsapps where id = ?', [connectionId]);
    expect(row!.status).toBe('DISCONNECTED');
    const [{ ticket_id: ticketId }] = (await rows<{ ticket_id: number }>(t, "select ticket_id from messages where provider_id = 'wamid.CLOUD-IN-1'")) as [
      { ticket_id: number },
    ];
    const refused = await t.http().post(`/api/messages/${ticketId}`).set(adminA.auth).send({ body: 'não vai' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('ERR_WAPP_NOT_INITIALIZED');
  });
});
