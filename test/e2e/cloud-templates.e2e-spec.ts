import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MessageTemplate } from '../../src/channels/cloud-api/cloud-api-types.js';
import { type FakeGraphApi, type FakeGraphApiOptions, startFakeGraphApi } from '../../src/channels/cloud-api/fake-graph-api.js';
import { FAKE_NAMED_TEMPLATE, FAKE_PHONE_NUMBER_ID, FAKE_TEMPLATES } from '../../src/channels/cloud-api/fake-graph-fixtures.js';
// @ts-expect-error plain ESM helper shared with the benchmarks
import { freePort } from '../utils/crash-scenario.mjs';
import { drainPipeline, waitFor } from '../utils/channels.js';
import { type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';
import { cloudChannels, cloudWebhookUrl, createCloudConnection } from '../utils/cloud.js';

const APP_SECRET = 'segredo-dos-modelos';
const CUSTOMER = '5511977770042';
const DAY_MS = 24 * 60 * 60 * 1000;

const rows = <T>(t: TestApp, sql: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(sql, params);

/** More than one page of Meta's (100 a page): the sync must follow the cursor. */
const EXTRA_TEMPLATES: MessageTemplate[] = Array.from({ length: 101 }, (_, i) => ({
  id: String(9100000000000 + i),
  name: `aviso_${String(i).padStart(3, '0')}`,
  language: 'pt_BR',
  status: 'APPROVED',
  category: 'UTILITY',
  components: [{ type: 'BODY', text: `Aviso ${i}` }],
}));

/**
 * WhatsApp Cloud API templates and the customer-service window against the Graph API fake: the sync (paged, removals),
 * the list, the window the conversation reports and enforces before Meta is called, and a template sent in Meta's
 * documented shape, stored with its text and acknowledged.
 */
describe('Cloud API message templates and the 24-hour window', () => {
  let t: TestApp;
  let fake: FakeGraphApi;
  let a: TenantFixture;
  let adminA: Session;
  let userA: Session;
  let adminB: Session;
  let connectionId: number;
  let simulatorId: number;
  let ticketId: number;
  const fakeOptions: FakeGraphApiOptions = { appSecret: APP_SECRET, templates: [...FAKE_TEMPLATES.map((x) => structuredClone(x)), ...EXTRA_TEMPLATES] };

  beforeAll(async () => {
    const graphPort = await freePort();
    t = await createTestApp({
      channels: cloudChannels(graphPort),
    });
    fakeOptions.port = graphPort;
    fake = await startFakeGraphApi(fakeOptions);
    ({ a, adminA, userA, adminB } = await twoTenants(t, { plan: { connections: 3 } }));
  });
  afterAll(async () => {
    await fake?.close();
    await t?.close();
  });

  const templateRows = () =>
    rows<{ name: string; status: string; variables: number; header_format: string | null }>(
      t,
      'select name, status, variables, header_format from message_templates where company_id = ? and whatsapp_id = ? order by name',
      [a.company.id, connectionId],
    );
  const templateGets = () => fake.requests.filter((r) => r.method === 'GET' && r.path.includes('/message_templates'));
  const sends = () => fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/messages'));

  it('reads every page of templates once the connection connects', async () => {
    connectionId = await createCloudConnection(t, adminA, APP_SECRET);
    // The fake posts its webhooks to this connection from now on (it reads the address on each one).
    fakeOptions.webhookUrl = cloudWebhookUrl(t, connectionId);
    await waitFor(async () => (await templateRows()).length === 105);
    expect(templateGets().length).toBe(2);
    expect(templateGets()[1]!.path).toContain('after=');
    const stored = await templateRows();
    expect(stored.find((r) => r.name === 'pedido_confirmado')).toMatchObject({ status: 'APPROVED', variables: 2, header_format: null });
    expect(stored.find((r) => r.name === 'boas_vindas')).toMatchObject({ variables: 1, header_format: 'IMAGE' });
    expect(stored.find((r) => r.name === 'promocao_relampago')).toMatchObject({ status: 'REJECTED' });
    const sim = await t.http().post('/api/whatsapp').set(adminA.auth).send({ name: 'Simulada', provider: 'simulator' });
    expect(sim.status).toBe(201);
    simulatorId = sim.body.id;
  });

  it('syncs on request: changes and removals follow Meta, for admins of the company only', async () => {
    fake.templates.splice(
      fake.templates.findIndex((x) => x.name === 'aviso_100'),
      1,
    );
    fake.templates.find((x) => x.name === 'aviso_099')!.status = 'PAUSED';
    const synced = await t.http().post(`/api/whatsapp/${connectionId}/templates/sync`).set(adminA.auth);
    expect(synced.status).toBe(200);
    expect(synced.body).toEqual({ whatsappId: connectionId, total: 104, removed: 1 });
    const stored = await templateRows();
    expect(stored).toHaveLength(104);
    expect(stored.find((r) => r.name === 'aviso_099')!.status).toBe('PAUSED');
    expect(stored.some((r) => r.name === 'aviso_100')).toBe(false);

    expect((await t.http().post(`/api/whatsapp/${connectionId}/templates/sync`).set(userA.auth)).status).toBe(403);
    const other = await t.http().post(`/api/whatsapp/${connectionId}/templates/sync`).set(adminB.auth);
    expect(other.status).toBe(404);
    expect(other.body.error).toBe('ERR_NO_WAPP_FOUND');
    const notCloud = await t.http().post(`/api/whatsapp/${simulatorId}/templates/sync`).set(adminA.auth);
    expect(notCloud.status).toBe(422);
    expect(notCloud.body.error).toBe('ERR_CLOUD_TEMPLATES_ONLY');
    expect((await t.http().post('/api/whatsapp/abc/templates/sync').set(adminA.auth)).status).toBe(400);
  });

  it('lists templates in the simple-rest dialect with filters, search, sort and Content-Range', async () => {
    const list = (query: Record<string, unknown>, session = adminA) =>
      t
        .http()
        .get('/api/message-templates')
        .query(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])))
        .set(session.auth);
    const page = await list({ filter: { whatsappId: connectionId }, range: [0, 9], sort: ['name', 'ASC'] });
    expect(page.status).toBe(200);
    expect(page.headers['content-range']).toBe('templates 0-9/104');
    expect(page.body).toHaveLength(10);
    expect(page.body[0].name).toBe('aviso_000');
    const rejected = await list({ filter: { whatsappId: connectionId, status: 'REJECTED' } });
    expect(rejected.body.map((x: { name: string }) => x.name)).toEqual(['promocao_relampago']);
    const found = await list({ filter: { q: 'pedido' } });
    expect(found.body).toHaveLength(1);
    expect(found.body[0]).toMatchObject({
      name: 'pedido_confirmado',
      language: 'pt_BR',
      category: 'UTILITY',
      status: 'APPROVED',
      variables: 2,
      whatsappId: connectionId,
      body: 'Olá {{1}}, seu pedido {{2}} foi confirmado.',
    });
    const last = await list({ sort: ['name', 'DESC'], range: [0, 0] });
    expect(last.body[0].name).toBe('promocao_relampago');
    expect((await list({ filter: { secret: 1 } })).status).toBe(400);
    expect((await list({ sort: ['components', 'ASC'] })).status).toBe(400);
    expect((await list({}, userA)).status).toBe(403);
    const other = await list({ filter: { whatsappId: connectionId } }, adminB);
    expect(other.status).toBe(200);
    expect(other.body).toEqual([]);
    expect(other.headers['content-range']).toBe('templates 0-0/0');
  });

  it('reports the window of a conversation and refuses free text once it closed, before Meta is called', async () => {
    expect(await fake.deliverInbound(FAKE_PHONE_NUMBER_ID, { from: CUSTOMER, profileName: 'Rita', type: 'text', text: { body: 'Oi, e o meu pedido' } })).toBe(
      200,
    );
    await drainPipeline(t);
    const [message] = await rows<{ ticket_id: number; created_at: Date }>(
      t,
      "select ticket_id, created_at from messages where company_id = ? and body = 'Oi, e o meu pedido'",
      [a.company.id],
    );
    ticketId = message!.ticket_id;
    // The attendant is the admin: the attendant of profile user may not open someone else's conversation.
    await rows(t, "update tickets set status = 'open', user_id = ? where id = ?", [adminA.userId, ticketId]);
    const open = await t.http().get(`/api/messages/${ticketId}`).set(adminA.auth);
    expect(open.status).toBe(200);
    expect(open.body.serviceWindow).toEqual({ hours: 24, closesAt: new Date(new Date(message!.created_at).getTime() + DAY_MS).toISOString() });

    // A day and an hour later, for the server and for Meta alike.
    const old = new Date(Date.now() - DAY_MS - 60 * 60 * 1000);
    await rows(t, 'update messages set created_at = ? where ticket_id = ?', [old, ticketId]);
    fake.markInbound(CUSTOMER, old.getTime());
    const closed = await t.http().get(`/api/messages/${ticketId}`).set(adminA.auth);
    expect(Date.parse(closed.body.serviceWindow.closesAt)).toBeLessThan(Date.now());
    const before = sends().length;
    const refused = await t.http().post(`/api/messages/${ticketId}`).set(adminA.auth).send({ body: 'Ainda está aí?' });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('ERR_CLOUD_WINDOW_CLOSED');
    expect(sends().length).toBe(before);
    expect(fake.wire.some((w) => JSON.stringify(w.payload).includes('Ainda está aí?'))).toBe(false);
    expect(await rows(t, 'select id from messages where body = ?', ['Ainda está aí?'])).toEqual([]);

    // A conversation on another kind of connection has no window.
    await rows(t, 'update tickets set whatsapp_id = ? where id = ?', [simulatorId, ticketId]);
    expect((await t.http().get(`/api/messages/${ticketId}`).set(adminA.auth)).body.serviceWindow).toBeNull();
    await rows(t, 'update tickets set whatsapp_id = ? where id = ?', [connectionId, ticketId]);
  });

  it('offers the approved templates of the conversation and sends one in the documented shape, stored and acknowledged', async () => {
    const offered = await t.http().get(`/api/messages/${ticketId}/templates`).set(adminA.auth);
    expect(offered.status).toBe(200);
    const names = offered.body.map((x: { name: string }) => x.name);
    expect(names).toContain('pedido_confirmado');
    expect(names).not.toContain('promocao_relampago');
    expect(names).not.toContain('aviso_099');
    expect((await t.http().get(`/api/messages/${ticketId}/templates`).set(adminB.auth)).status).toBe(404);
    expect((await t.http().get(`/api/messages/${ticketId}/templates`).set(userA.auth)).status).toBe(403);
    expect((await t.http().get('/api/messages/abc/templates').set(adminA.auth)).status).toBe(400);

    const idOf = async (name: string) =>
      (await rows<{ id: number }>(t, 'select id from message_templates where company_id = ? and name = ?', [a.company.id, name]))[0]!.id;
    const sent = await t
      .http()
      .post(`/api/messages/${ticketId}/template`)
      .set(adminA.auth)
      .send({ templateId: await idOf('pedido_confirmado'), variables: ['Rita', '#4521'] });
    expect(sent.status).toBe(201);
    expect(sent.body.body).toBe('Olá Rita, seu pedido #4521 foi confirmado.');
    const wire = fake.wire.at(-1)!;
    expect(wire.type).toBe('template');
    expect(wire.payload).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: CUSTOMER,
      biz_opaque_callback_data: expect.any(String),
      type: 'template',
      template: {
        name: 'pedido_confirmado',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Rita' },
              { type: 'text', text: '#4521' },
            ],
          },
        ],
      },
    });
    const [row] = await rows<{ provider_id: string; from_me: boolean; ticket_id: number }>(
      t,
      "select provider_id, from_me, ticket_id from messages where body = 'Olá Rita, seu pedido #4521 foi confirmado.'",
    );
    expect(row).toMatchObject({ provider_id: wire.id, from_me: true, ticket_id: ticketId });
    await waitFor(async () => {
      await drainPipeline(t);
      return (await rows<{ ack: number }>(t, 'select ack from messages where provider_id = ?', [wire.id]))[0]!.ack === 4;
    });

    // A header that shows a file takes its address as the header's parameter.
    const withImage = await t
      .http()
      .post(`/api/messages/${ticketId}/template`)
      .set(adminA.auth)
      .send({ templateId: await idOf('boas_vindas'), variables: ['Rita'], headerMediaUrl: 'https://cdn.example.com/boas-vindas.png' });
    expect(withImage.status).toBe(201);
    expect((fake.wire.at(-1)!.payload as { template: unknown }).template).toEqual({
      name: 'boas_vindas',
      language: { code: 'pt_BR' },
      components: [
        { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example.com/boas-vindas.png' } }] },
        { type: 'body', parameters: [{ type: 'text', text: 'Rita' }] },
      ],
    });
  });

  it('fills named placeholders, a text header and a URL button, labelled by slot', async () => {
    fake.templates.push(structuredClone(FAKE_NAMED_TEMPLATE));
    expect((await t.http().post(`/api/whatsapp/${connectionId}/templates/sync`).set(adminA.auth)).status).toBe(200);
    const offered = await t.http().get(`/api/messages/${ticketId}/templates`).set(adminA.auth);
    const tracking = offered.body.find((x: { name: string }) => x.name === 'rastreio_pedido');
    expect(tracking).toMatchObject({
      variables: 5,
      slots: [
        { part: 'header', name: 'order_id' },
        { part: 'body', name: 'first_name' },
        { part: 'body', name: 'order_id' },
        { part: 'body', name: 'carrier' },
        { part: 'button', name: '1', button: 1 },
      ],
    });
    const short = await t
      .http()
      .post(`/api/messages/${ticketId}/template`)
      .set(adminA.auth)
      .send({ templateId: tracking.id, variables: ['A-9', 'Rita'] });
    expect(short.status).toBe(400);
    const sent = await t
      .http()
      .post(`/api/messages/${ticketId}/template`)
      .set(adminA.auth)
      .send({ templateId: tracking.id, variables: ['A-9', 'Rita', 'A-9', 'Correios', 'A-9'] });
    expect(sent.status).toBe(201);
    expect(sent.body.body).toBe('*Pedido A-9*\nOlá Rita, seu pedido A-9 saiu com Correios.');
    // Meta's documented shape; the fake checked it against the approved template before accepting it.
    expect((fake.wire.at(-1)!.payload as { template: unknown }).template).toEqual({
      name: 'rastreio_pedido',
      language: { code: 'pt_BR' },
      components: [
        { type: 'header', parameters: [{ type: 'text', parameter_name: 'order_id', text: 'A-9' }] },
        {
          type: 'body',
          parameters: [
            { type: 'text', parameter_name: 'first_name', text: 'Rita' },
            { type: 'text', parameter_name: 'order_id', text: 'A-9' },
            { type: 'text', parameter_name: 'carrier', text: 'Correios' },
          ],
        },
        { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: 'A-9' }] },
      ],
    });
  });

  it('refuses templates that cannot go, before Meta is called', async () => {
    const idOf = async (name: string) =>
      (await rows<{ id: number }>(t, 'select id from message_templates where company_id = ? and name = ?', [a.company.id, name]))[0]!.id;
    const before = sends().length;
    const send = (body: unknown, session = adminA, ticket = ticketId) =>
      t
        .http()
        .post(`/api/messages/${ticket}/template`)
        .set(session.auth)
        .send(body as object);
    const rejected = await send({ templateId: await idOf('promocao_relampago'), variables: ['50'] });
    expect(rejected.status).toBe(422);
    expect(rejected.body.error).toBe('ERR_CLOUD_TEMPLATE_NOT_APPROVED');
    const paused = await send({ templateId: await idOf('aviso_099'), variables: [] });
    expect(paused.body.error).toBe('ERR_CLOUD_TEMPLATE_NOT_APPROVED');
    const fewer = await send({ templateId: await idOf('pedido_confirmado'), variables: ['Rita'] });
    expect(fewer.status).toBe(400);
    expect(JSON.stringify(fewer.body)).toContain('variables');
    const noHeader = await send({ templateId: await idOf('boas_vindas'), variables: ['Rita'] });
    expect(noHeader.status).toBe(400);
    expect(JSON.stringify(noHeader.body)).toContain('headerMediaUrl');
    expect((await send({ templateId: 'x', variables: [] })).status).toBe(400);
    expect((await send({ templateId: await idOf('hello_world'), variables: 'Rita' })).status).toBe(400);
    expect((await send({ templateId: await idOf('hello_world'), variables: [], headerMediaUrl: 'javascript:alert(1)' })).status).toBe(400);
    const unknown = await send({ templateId: 99_999_999, variables: [] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('ERR_NO_TEMPLATE_FOUND');
    // Another company's admin does not find the conversation; the attendant of profile user may not open it.
    const other = await send({ templateId: await idOf('hello_world'), variables: [] }, adminB);
    expect(other.status).toBe(404);
    expect(other.body.error).toBe('ERR_NO_TICKET_FOUND');
    expect((await send({ templateId: await idOf('hello_world'), variables: [] }, userA)).status).toBe(403);
    expect(sends().length).toBe(before);
  });
});
