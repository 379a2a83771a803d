import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type FakeGraphApi, type FakeGraphApiOptions, startFakeGraphApi } from '../../src/channels/cloud-api/fake-graph-api.js';
import { Message } from '../../src/modules/messages/message.entity.js';
import { Ticket } from '../../src/modules/tickets/ticket.entity.js';
import { campaignReaches, contactListWith, setCampaignSettings, shippingsOf, wire } from '../utils/campaigns.js';
// @ts-expect-error plain ESM helper shared with the benchmarks
import { freePort } from '../utils/crash-scenario.mjs';
import { connectedSimulator, drainPipeline, waitFor } from '../utils/channels.js';
import { cloudChannels, cloudWebhookUrl, createCloudConnection, startCloudConnection } from '../utils/cloud.js';
import { type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';
import { customerWrites } from '../utils/tickets.js';

const APP_SECRET = 'segredo-da-paridade';
type Provider = 'simulator' | 'cloud';

/**
 * The same inbox, bot and campaign scenarios on a WhatsApp Web connection (the simulator, as Baileys runs) and on a
 * WhatsApp Cloud API connection (the Graph API fake): customers are played through the same dev route, and what
 * each provider received is read from its own wire log.
 */
describe.each<Provider>(['simulator', 'cloud'])('the same inbox, bot and campaigns on a %s connection', (provider) => {
  let t: TestApp;
  let fake: FakeGraphApi;
  let a: TenantFixture;
  let adminA: Session;
  let connectionId: number;
  let sequence = 0;
  const fakeOptions: FakeGraphApiOptions = { appSecret: APP_SECRET };
  const numberOf = () => `551196${provider === 'cloud' ? 1 : 2}${String(++sequence).padStart(6, '0')}`;

  /** Numbers the provider was asked to send to, in order (one entry per message). */
  const sentTo = (): string[] => (provider === 'cloud' ? fake.wire.map((entry) => entry.to) : wire(t, connectionId).map((entry) => entry.to));
  const messagesOf = (ticketId: number) =>
    t
      .em()
      .fork()
      .find(Message, { ticket: ticketId }, { filters: false, orderBy: { createdAt: 'asc', id: 'asc' } });

  beforeAll(async () => {
    const graphPort = await freePort();
    t = await createTestApp({ campaigns: { secondMs: 10 }, channels: cloudChannels(graphPort) });
    fakeOptions.port = graphPort;
    fake = await startFakeGraphApi(fakeOptions);
    ({ a, adminA } = await twoTenants(t));
    if (provider === 'simulator') connectionId = (await connectedSimulator(t, a.company.id, 'Paridade')).id;
    else {
      connectionId = await createCloudConnection(t, adminA, APP_SECRET, 'Paridade');
      fakeOptions.webhookUrl = cloudWebhookUrl(t, connectionId);
      await startCloudConnection(t, adminA, connectionId);
    }
    await setCampaignSettings(t, a.company.id, { messageInterval: 0, longerIntervalAfter: 0, dailyCap: 0 });
  });
  afterAll(async () => {
    await fake?.close();
    await t?.close();
  });

  it('stores a customer’s messages in one ticket, in order, each once even when the provider delivers it twice', async () => {
    const from = numberOf();
    const ids = Array.from({ length: 12 }, (_, i) => `PARITY${provider.toUpperCase()}${sequence}X${i}`);
    let ticket: Ticket | null = null;
    for (const [i, id] of ids.entries()) {
      const res = await t
        .http()
        .post(`/api/dev/simulator/${connectionId}/inbound`)
        .set(adminA.auth)
        .send({ from, name: 'Cliente Par', body: `mensagem ${i + 1}`, id });
      expect(res.status).toBe(202);
    }
    // Three of them again, as a provider retries what it thinks was lost.
    for (const id of ids.slice(3, 6)) {
      const res = await t.http().post(`/api/dev/simulator/${connectionId}/inbound`).set(adminA.auth).send({ from, name: 'Cliente Par', body: 'repetida', id });
      expect(res.status).toBe(202);
    }
    await drainPipeline(t);
    ticket = await waitFor(() =>
      t
        .em()
        .fork()
        .findOne(Ticket, { contact: { number: from } }, { filters: false }),
    );
    const stored = await messagesOf(ticket.id);
    expect(stored.map((m) => m.body)).toEqual(ids.map((_, i) => `mensagem ${i + 1}`));
    expect(stored.map((m) => m.providerId)).toEqual(ids);
    expect((await t.em().fork().findOneOrFail(Ticket, ticket.id, { filters: false })).unreadMessages).toBe(12);
  });

  it('answers with the connection’s menu and puts the customer in the queue they choose', async () => {
    const [sales, support] = a.queues;
    await t
      .http()
      .put(`/api/whatsapp/${connectionId}`)
      .set(adminA.auth)
      .send({ greetingMessage: 'Olá! Escolha um setor:', queueIds: [sales!.id, support!.id] })
      .expect(200);
    await t.http().put(`/api/queue/${support!.id}`).set(adminA.auth).send({ greetingMessage: 'Você está no suporte.' }).expect(200);
    const from = numberOf();
    const ticket = await customerWrites(t, adminA, connectionId, from, 'oi');
    await waitFor(async () => (await messagesOf(ticket.id)).some((m) => m.fromMe));
    const menu = (await messagesOf(ticket.id)).filter((m) => m.fromMe).map((m) => m.body);
    expect(menu).toHaveLength(1);
    expect(menu[0]).toContain('Olá! Escolha um setor:');
    expect(menu[0]).toContain(`*[ 2 ]* - ${support!.name}`);

    await customerWrites(t, adminA, connectionId, from, '2');
    const chosen = await waitFor(async () => {
      const row = await t.em().fork().findOneOrFail(Ticket, ticket.id, { filters: false });
      return row.queue?.id === support!.id ? row : null;
    });
    expect(chosen.status).toBe('pending');
    await waitFor(async () => (await messagesOf(ticket.id)).some((m) => m.fromMe && m.body.includes('Você está no suporte.')));
    // Every answer the bot stored went to the customer once.
    const answers = (await messagesOf(ticket.id)).filter((m) => m.fromMe);
    await waitFor(() => sentTo().filter((to) => to === from).length === answers.length);
    expect(sentTo().filter((to) => to === from)).toHaveLength(answers.length);
  });

  it('sends a campaign to each valid recipient once and finishes it', async () => {
    const numbers = [numberOf(), numberOf(), numberOf()];
    const list = await contactListWith(
      t,
      a.company.id,
      numbers.map((number, i) => ({ name: `Pessoa ${i + 1}`, number })),
    );
    const body: Record<string, unknown> = {
      name: `Paridade ${provider}`,
      message1: 'Olá {nome}, temos novidades.',
      contactListId: list.id,
      whatsappId: connectionId,
      scheduledAt: new Date().toISOString(),
    };
    if (provider === 'cloud') {
      // Outside the 24-hour window a Cloud API campaign sends an approved template per variant.
      const rows = await t
        .em()
        .getConnection()
        .execute<Array<{ id: number }>>('select id from message_templates where whatsapp_id = ? and name = ?', [connectionId, 'pedido_confirmado']);
      body.templates = [{ variant: 1, templateId: rows[0]!.id, variables: ['{nome}', '{numero}'] }];
    }
    const created = await t.http().post('/api/campaigns').set(adminA.auth).send(body);
    expect(created.status).toBe(201);
    await campaignReaches(t, created.body.id, 'FINALIZADA', 30_000);
    if (provider === 'cloud') await fake.settled();
    const shippings = await shippingsOf(t, created.body.id);
    expect(shippings.map((s) => [s.number, s.status])).toEqual(numbers.map((number) => [number, 'delivered']));
    for (const number of numbers) expect(sentTo().filter((to) => to === number)).toHaveLength(1);
  });
});
