import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CampaignSuppression } from '../../src/modules/campaigns/campaign-suppression.entity.js';
import { Message } from '../../src/modules/messages/message.entity.js';
import { Ticket } from '../../src/modules/tickets/ticket.entity.js';
import { campaignReaches, contactListWith, setCampaignSettings, shippingsOf, wire } from '../utils/campaigns.js';
import { connectedSimulator, waitFor } from '../utils/channels.js';
import { type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';
import { customerWrites } from '../utils/tickets.js';

let sequence = 0;
const numberOf = (suffix: string) => `55119${String(2000 + ++sequence).slice(-4)}${suffix}`;

describe('campaigns: send now, opt-out answers and the suppression list', () => {
  let t: TestApp;
  let a: TenantFixture;
  let adminA: Session;
  let userA: Session;
  let adminB: Session;
  let connectionId: number;

  const create = (body: Record<string, unknown>) => t.http().post('/api/campaigns').set(adminA.auth).send(body);

  beforeAll(async () => {
    t = await createTestApp({ campaigns: { secondMs: 20 } });
    ({ a, adminA, userA, adminB } = await twoTenants(t));
    connectionId = (await connectedSimulator(t, a.company.id, 'Agora')).id;
    await setCampaignSettings(t, a.company.id, { messageInterval: 0, longerIntervalAfter: 0, dailyCap: 0 });
  });
  afterAll(() => t.close());

  it('sends an inactive campaign at once, after naming its audience', async () => {
    const numbers = [numberOf('01'), numberOf('02'), numberOf('03')];
    const list = await contactListWith(t, a.company.id, [
      { name: 'Um', number: numbers[0]! },
      { name: 'Dois', number: numbers[1]! },
      { name: 'Fora', number: numbers[2]!, valid: false },
    ]);
    const draft = await create({ name: 'Agora mesmo', message1: 'Oi {nome}', contactListId: list.id, whatsappId: connectionId });
    expect(draft.body.status).toBe('INATIVA');

    const audience = await t.http().get(`/api/campaigns/${draft.body.id}/audience`).set(adminA.auth);
    expect(audience.status).toBe(200);
    expect(audience.body).toEqual({ kind: 'contactList', name: list.name, recipients: 2 });

    const started = await t.http().post(`/api/campaigns/${draft.body.id}/start`).set(adminA.auth);
    expect(started.status).toBe(200);
    expect(started.body.status).toBe('PROGRAMADA');
    await campaignReaches(t, draft.body.id, 'FINALIZADA');
    expect(
      wire(t, connectionId)
        .filter((e) => numbers.includes(e.to))
        .map((e) => e.to),
    ).toEqual(numbers.slice(0, 2));

    // Finished: it cannot be started again.
    const again = await t.http().post(`/api/campaigns/${draft.body.id}/start`).set(adminA.auth);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('ERR_CAMPAIGN_NOT_STARTABLE');
  });

  it('refuses a campaign that cannot be sent, a schedule in the past, other tenants and attendants', async () => {
    const incomplete = await create({ name: 'Sem lista', message1: 'Oi' });
    const refused = await t.http().post(`/api/campaigns/${incomplete.body.id}/start`).set(adminA.auth);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('ERR_VALIDATION');
    expect((await t.http().get(`/api/campaigns/${incomplete.body.id}`).set(adminA.auth)).body.status).toBe('INATIVA');
    expect((await t.http().get(`/api/campaigns/${incomplete.body.id}/audience`).set(adminA.auth)).body).toEqual({ kind: null, name: null, recipients: 0 });

    const past = await create({ name: 'Ontem', message1: 'Oi', scheduledAt: '2026-02-27 10:00:00' });
    expect(past.status).toBe(400);
    expect(past.body.error).toBe('ERR_CAMPAIGN_SCHEDULE_PAST');

    expect((await t.http().post(`/api/campaigns/abc/start`).set(adminA.auth)).status).toBe(400);
    expect((await t.http().post(`/api/campaigns/${incomplete.body.id}/start`).set(adminB.auth)).status).toBe(404);
    expect((await t.http().get(`/api/campaigns/${incomplete.body.id}/audience`).set(adminB.auth)).status).toBe(404);
    expect((await t.http().post(`/api/campaigns/${incomplete.body.id}/start`).set(userA.auth)).status).toBe(403);
    expect((await t.http().get(`/api/campaigns/${incomplete.body.id}/audience`).set(userA.auth)).status).toBe(403);
  });

  it('filters campaigns by the contact list or file list they use, within the company', async () => {
    const files = await t.http().post('/api/files').set(adminA.auth).send({ name: 'Catálogo', message: 'Veja' }).expect(201);
    const list = await contactListWith(t, a.company.id, [{ name: 'Um', number: numberOf('30') }]);
    await create({ name: 'Usa arquivos', message1: 'Oi', contactListId: list.id, fileListId: files.body.id }).expect(201);
    await create({ name: 'Só a lista', message1: 'Oi', contactListId: list.id }).expect(201);
    const names = async (filter: Record<string, number>, session = adminA) =>
      (
        await t
          .http()
          .get('/api/campaigns')
          .query({ filter: JSON.stringify(filter), sort: '["name","ASC"]', range: '[0,49]' })
          .set(session.auth)
      ).body;
    expect((await names({ fileListId: files.body.id })).map((c: { name: string }) => c.name)).toEqual(['Usa arquivos']);
    expect((await names({ contactListId: list.id })).map((c: { name: string }) => c.name)).toEqual(['Só a lista', 'Usa arquivos']);
    expect(await names({ fileListId: files.body.id }, adminB)).toEqual([]);
  });

  it('answers an opt-out keyword with the configured text, without bot menu or waiting ticket', async () => {
    await setCampaignSettings(t, a.company.id, { optOutReply: 'Você saiu da lista.' });
    // A bot that greets with a queue menu: any other first message gets it.
    await t
      .http()
      .put(`/api/whatsapp/${connectionId}`)
      .set(adminA.auth)
      .send({ greetingMessage: 'Bem-vindo! Escolha:', queueIds: a.queues.slice(0, 2).map((q) => q.id) })
      .expect(200);
    const greeted = await customerWrites(t, adminA, connectionId, numberOf('11'), 'Oi', 'Teo');
    await waitFor(async () => (await t.em().count(Message, { ticket: greeted.id, fromMe: true }, { filters: false })) > 0);
    const leaving = numberOf('10');
    const ticket = await customerWrites(t, adminA, connectionId, leaving, 'PARAR', 'Lia');
    const history = await t.em().find(Message, { ticket: ticket.id }, { filters: false, orderBy: { id: 'asc' } });
    expect(history.map((m) => [m.fromMe, m.body])).toEqual([
      [false, 'PARAR'],
      [true, 'Você saiu da lista.'],
    ]);
    const closed = await waitFor(async () => {
      const row = await t.em().findOneOrFail(Ticket, ticket.id, { filters: false, refresh: true });
      return row.status === 'closed' ? row : null;
    });
    expect(closed.user ?? null).toBeNull();
    expect(await t.em().count(CampaignSuppression, { company: a.company.id, number: leaving }, { filters: false })).toBe(1);
    expect(wire(t, connectionId).filter((e) => e.to === leaving)).toHaveLength(1);
  });

  it('lets admins search, add, remove and export the suppression list', async () => {
    const typed = numberOf('20');
    const masked = `+${typed.slice(0, 2)} (${typed.slice(2, 4)}) ${typed.slice(4, 9)}-${typed.slice(9)}`;
    const added = await t.http().post('/api/campaign-suppressions').set(adminA.auth).send({ number: masked });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ number: typed, keyword: 'MANUAL' });
    expect((await t.http().post('/api/campaign-suppressions').set(adminA.auth).send({ number: typed })).status).toBe(409);
    expect((await t.http().post('/api/campaign-suppressions').set(adminA.auth).send({ number: 'abc' })).status).toBe(400);
    expect((await t.http().post('/api/campaign-suppressions').set(adminA.auth).send({})).status).toBe(400);

    const found = await t
      .http()
      .get('/api/campaign-suppressions')
      .query({ searchParam: typed.slice(-6) })
      .set(adminA.auth);
    expect(found.status).toBe(200);
    expect(found.body.records.map((r: { number: string }) => r.number)).toEqual([typed]);

    const csv = await t.http().get('/api/campaign-suppressions/export').set(adminA.auth);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.text.split('\r\n')[0]).toBe('number,keyword,createdAt');
    expect(csv.text).toContain(`${typed},MANUAL,`);

    // A campaign to the number skips it while it is listed, and reaches it once removed.
    const list = await contactListWith(t, a.company.id, [{ name: 'Bloqueado', number: typed }]);
    const first = await create({ name: 'Suprimida', message1: 'Oi', contactListId: list.id, whatsappId: connectionId });
    await t.http().post(`/api/campaigns/${first.body.id}/start`).set(adminA.auth).expect(200);
    await campaignReaches(t, first.body.id, 'FINALIZADA');
    expect((await shippingsOf(t, first.body.id)).map((s) => s.error)).toEqual(['ERR_OPTED_OUT']);

    // Other tenants see nothing and cannot remove it; attendants may not touch the list.
    expect((await t.http().get('/api/campaign-suppressions').set(adminB.auth)).body.records).toEqual([]);
    expect((await t.http().delete(`/api/campaign-suppressions/${added.body.id}`).set(adminB.auth)).status).toBe(404);
    expect((await t.http().get('/api/campaign-suppressions').set(userA.auth)).status).toBe(403);
    expect((await t.http().post('/api/campaign-suppressions').set(userA.auth).send({ number: typed })).status).toBe(403);
    expect((await t.http().get('/api/campaign-suppressions/export').set(userA.auth)).status).toBe(403);
    expect((await t.http().delete(`/api/campaign-suppressions/${added.body.id}`).set(userA.auth)).status).toBe(403);
    expect((await t.http().delete('/api/campaign-suppressions/x').set(adminA.auth)).status).toBe(400);

    expect((await t.http().delete(`/api/campaign-suppressions/${added.body.id}`).set(adminA.auth)).status).toBe(204);
    const second = await create({ name: 'Depois', message1: 'Oi de novo', contactListId: list.id, whatsappId: connectionId });
    await t.http().post(`/api/campaigns/${second.body.id}/start`).set(adminA.auth).expect(200);
    await campaignReaches(t, second.body.id, 'FINALIZADA');
    expect((await shippingsOf(t, second.body.id)).map((s) => s.status)).toEqual(['delivered']);
  });
});
