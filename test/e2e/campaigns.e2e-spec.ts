import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Socket } from 'socket.io-client';
import { wallTime } from '../../src/modules/campaigns/campaign-clock.js';
import { CampaignJobs } from '../../src/modules/campaigns/campaign-jobs.js';
import { CampaignShipping } from '../../src/modules/campaigns/campaign-shipping.entity.js';
import { CampaignsRepository } from '../../src/modules/campaigns/campaigns.repository.js';
import { Company } from '../../src/modules/companies/company.entity.js';
import { Setting } from '../../src/modules/settings/setting.entity.js';
import { Message } from '../../src/modules/messages/message.entity.js';
import { Plan } from '../../src/modules/plans/plan.entity.js';
import { Ticket } from '../../src/modules/tickets/ticket.entity.js';
import { campaignOf, campaignReaches, contactListWith, setCampaignSettings, shippingsOf, wire } from '../utils/campaigns.js';
import { connectedSimulator, waitFor } from '../utils/channels.js';
import { type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { connectSocket } from '../utils/sockets.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';
import { customerWrites } from '../utils/tickets.js';
import { TIME_FACTOR } from '../utils/time.js';

/** One campaign "second" lasts this many milliseconds here: messageInterval 5 is a 100 ms wait. */
const SECOND_MS = 20;
let sequence = 0;
/** Fresh numbers per test: Brazilian mobiles with the ninth digit, as WhatsApp knows them. */
const numberOf = (suffix: string) => `55119${String(1000 + ++sequence).slice(-4)}${suffix}`;

describe('campaigns', () => {
  let t: TestApp;
  let a: TenantFixture;
  let adminA: Session;
  let userA: Session;
  let adminB: Session;
  let connectionId: number;

  const create = (body: Record<string, unknown>, session = adminA) => t.http().post('/api/campaigns').set(session.auth).send(body);
  const now = () => new Date().toISOString();

  beforeAll(async () => {
    t = await createTestApp({ campaigns: { secondMs: SECOND_MS } });
    ({ a, adminA, userA, adminB } = await twoTenants(t));
    connectionId = (await connectedSimulator(t, a.company.id, 'Campanhas')).id;
    await setCampaignSettings(t, a.company.id, { messageInterval: 5, longerIntervalAfter: 3, greaterInterval: 30, dailyCap: 0 });
  });
  afterAll(() => t.close());

  it('walks the valid recipients in order, paced, rotating variants, exactly once, without opening tickets', async () => {
    await setCampaignSettings(t, a.company.id, { variables: [{ key: 'loja', value: 'Loja Centro' }] });
    const numbers = ['0001', '0002', '0003', '0004', '0005'].map(numberOf);
    const list = await contactListWith(t, a.company.id, [
      ...numbers.map((number, i) => ({ name: `Cliente ${i + 1}`, number, email: `c${i + 1}@ex.com` })),
      { name: 'Inválido', number: numberOf('0006'), valid: false },
      // Not checked at import: checked just before its turn, and not on WhatsApp in the simulator.
      { name: 'Sem zap', number: `5511${String(++sequence).padStart(3, '0')}0000`, valid: null },
    ]);
    const socket: Socket = await connectSocket(t, adminA.token);
    const events: Array<{ action: string; status?: string; record?: { status: string } }> = [];
    socket.on(`company-${a.company.id}-campaign`, (payload: (typeof events)[number]) => events.push(payload));
    // Campaigns are an admin tool: an attendant's socket hears none of it.
    const attendant: Socket = await connectSocket(t, userA.token);
    const overheard: unknown[] = [];
    attendant.on(`company-${a.company.id}-campaign`, (payload: unknown) => overheard.push(payload));

    const created = await create({
      name: 'Black Friday',
      message1: 'Oi {nome}, ofertas da {loja}!',
      // The greetings' spelling works in campaigns too (one placeholder language).
      message3: 'Olá {{firstName}} ({numero}, {{email}}), só hoje na {{loja}}.',
      contactListId: list.id,
      whatsappId: connectionId,
      scheduledAt: now(),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'PROGRAMADA', contactList: { id: list.id }, whatsapp: { id: connectionId, name: 'Campanhas' } });

    const done = await campaignReaches(t, created.body.id, 'FINALIZADA');
    expect(done.completedAt).not.toBeNull();
    const sent = wire(t, connectionId).filter((entry) => numbers.includes(entry.to));
    expect(sent.map((entry) => entry.to)).toEqual(numbers);

    // Pacing: 100 ms between contacts and 600 ms after the third, each within ±20% (plus the machine's own delay).
    const gaps = sent.slice(1).map((entry, i) => new Date(entry.at).getTime() - new Date(sent[i]!.at).getTime());
    const expected = [100, 100, 600, 100];
    gaps.forEach((gap, i) => {
      expect(gap).toBeGreaterThanOrEqual(expected[i]! * 0.8 - 5);
      expect(gap).toBeLessThanOrEqual(expected[i]! * 1.2 + 250 * TIME_FACTOR);
    });

    const shippings = await shippingsOf(t, created.body.id);
    expect(shippings.map((s) => [s.status, s.variant, s.error])).toEqual([
      ['delivered', 1, null],
      ['delivered', 3, null],
      ['delivered', 1, null],
      ['delivered', 3, null],
      ['delivered', 1, null],
      ['skipped', null, 'ERR_NOT_ON_WHATSAPP'],
      ['skipped', null, 'ERR_NOT_ON_WHATSAPP'],
    ]);
    expect(shippings[0]!.body).toBe('Oi Cliente 1, ofertas da Loja Centro!');
    expect(shippings[1]!.body).toBe(`Olá Cliente (${numbers[1]}, c2@ex.com), só hoje na Loja Centro.`);

    // Nothing in the inbox until someone answers; then the answer's ticket shows the campaign message first.
    expect(await t.em().count(Ticket, { company: a.company.id, contact: { number: { $in: numbers } } }, { filters: false })).toBe(0);
    const ticket = await customerWrites(t, adminA, connectionId, numbers[1]!, 'Quero saber mais', 'Cliente 2');
    const history = await t.em().find(Message, { ticket: ticket.id }, { filters: false, orderBy: { createdAt: 'asc' } });
    expect(history.map((m) => [m.fromMe, m.body])).toEqual([
      [true, shippings[1]!.body],
      [false, 'Quero saber mais'],
    ]);

    await waitFor(() => events.some((e) => e.action === 'update' && e.record?.status === 'FINALIZADA'));
    expect(events.some((e) => e.action === 'progress')).toBe(true);
    expect(overheard).toEqual([]);
    socket.close();
    attendant.close();

    const report = await t.http().get(`/api/campaigns/${created.body.id}/report`).set(adminA.auth);
    expect(report.status).toBe(200);
    expect(report.body.counts).toEqual({
      total: 7,
      valid: 5,
      delivered: 5,
      confirmationRequested: 0,
      confirmed: 0,
      failed: 0,
      skipped: 2,
      pending: 0,
      awaiting: 0,
    });
    expect(report.body.shippings).toHaveLength(7);
    expect(report.body.hasMore).toBe(false);
  });

  it('stops on cancel and resumes on restart without sending anyone twice', async () => {
    await setCampaignSettings(t, a.company.id, { messageInterval: 10, longerIntervalAfter: 0 });
    const numbers = Array.from({ length: 8 }, (_, i) => numberOf(String(7000 + i)));
    const list = await contactListWith(
      t,
      a.company.id,
      numbers.map((number, i) => ({ name: `P${i}`, number })),
    );
    const created = await create({ name: 'Pausável', message1: 'Oi {nome}', contactListId: list.id, whatsappId: connectionId, scheduledAt: now() });
    await waitFor(() => wire(t, connectionId).filter((e) => numbers.includes(e.to)).length >= 2);
    const cancelled = await t.http().post(`/api/campaigns/${created.body.id}/cancel`).set(adminA.auth);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('CANCELADA');
    const atCancel = wire(t, connectionId).filter((e) => numbers.includes(e.to)).length;
    await new Promise((resolve) => setTimeout(resolve, 600));
    // At most the send in flight when the stop arrived.
    expect(wire(t, connectionId).filter((e) => numbers.includes(e.to)).length).toBeLessThanOrEqual(atCancel + 1);
    expect((await t.http().post(`/api/campaigns/${created.body.id}/cancel`).set(adminA.auth)).body.error).toBe('ERR_CAMPAIGN_NOT_RUNNING');

    const restarted = await t.http().post(`/api/campaigns/${created.body.id}/restart`).set(adminA.auth);
    expect(restarted.body.status).toBe('EM_ANDAMENTO');
    await campaignReaches(t, created.body.id, 'FINALIZADA');
    const sent = wire(t, connectionId).filter((e) => numbers.includes(e.to));
    expect(sent.map((e) => e.to).sort()).toEqual([...numbers].sort());
    expect((await t.http().post(`/api/campaigns/${created.body.id}/restart`).set(adminA.auth)).body.error).toBe('ERR_CAMPAIGN_NOT_CANCELLED');
  });

  it('asks first when confirmation is on, and sends the message to those who answer', async () => {
    await setCampaignSettings(t, a.company.id, { messageInterval: 0 });
    const [yes, silent] = [numberOf('8001'), numberOf('8002')];
    const list = await contactListWith(t, a.company.id, [
      { name: 'Ana', number: yes },
      { name: 'Bia', number: silent },
    ]);
    const created = await create({
      name: 'Confirma',
      confirmation: true,
      message1: 'Aqui está seu cupom, {nome}: PROMO10',
      confirmationMessage1: '{nome}, quer receber um cupom? Responda SIM.',
      contactListId: list.id,
      whatsappId: connectionId,
      scheduledAt: now(),
    });
    // Everyone was asked; the campaign is not finished while answers may still come: it says how many wait.
    await waitFor(async () => (await shippingsOf(t, created.body.id)).every((s) => s.status === 'awaiting'));
    const waiting = await waitFor(async () => {
      const campaign = await campaignOf(t, created.body.id);
      return campaign.pauseReason === 'AWAITING_CONFIRMATION' ? campaign : null;
    });
    expect(waiting.status).toBe('EM_ANDAMENTO');
    expect((await t.http().get(`/api/campaigns/${created.body.id}/report`).set(adminA.auth)).body.counts).toMatchObject({ awaiting: 2 });
    let shippings = await shippingsOf(t, created.body.id);
    expect(shippings.map((s) => [s.status, s.confirmationBody])).toEqual([
      ['awaiting', 'Ana, quer receber um cupom? Responda SIM.'],
      ['awaiting', 'Bia, quer receber um cupom? Responda SIM.'],
    ]);

    const ticket = await customerWrites(t, adminA, connectionId, yes, 'SIM', 'Ana');
    await waitFor(async () => (await shippingsOf(t, created.body.id))[0]!.status === 'delivered');
    shippings = await shippingsOf(t, created.body.id);
    expect(shippings[0]).toMatchObject({ body: 'Aqui está seu cupom, Ana: PROMO10', variant: 1 });
    expect(shippings[0]!.confirmedAt).not.toBeNull();
    expect(shippings[1]).toMatchObject({ status: 'awaiting', confirmedAt: null });
    expect(wire(t, connectionId).filter((e) => e.to === yes)).toHaveLength(2);
    expect(wire(t, connectionId).filter((e) => e.to === silent)).toHaveLength(1);
    const history = await t.em().find(Message, { ticket: ticket.id }, { filters: false, orderBy: { createdAt: 'asc' } });
    expect(history[0]!.body).toBe('Ana, quer receber um cupom? Responda SIM.');

    const report = await t.http().get(`/api/campaigns/${created.body.id}/report`).set(adminA.auth);
    expect(report.body.counts).toMatchObject({ total: 2, delivered: 1, confirmationRequested: 2, confirmed: 1, pending: 0, awaiting: 1 });
    expect(report.body.campaign.status).toBe('EM_ANDAMENTO');
    expect(report.body.shippings[0]).toMatchObject({
      body: 'Aqui está seu cupom, Ana: PROMO10',
      confirmationBody: 'Ana, quer receber um cupom? Responda SIM.',
    });

    // The confirmation window passes for the silent one (its request is made a day old and the walk wakes): finished.
    await t
      .em()
      .nativeUpdate(CampaignShipping, { id: shippings[1]!.id }, { confirmationRequestedAt: new Date(Date.now() - 25 * 3600_000) }, { filters: false });
    const generation = await t.app.get(CampaignsRepository).walkGeneration(a.company.id, created.body.id);
    await t.app.get(CampaignJobs).armWalk(a.company.id, created.body.id, new Date(), true, generation);
    const finished = await campaignReaches(t, created.body.id, 'FINALIZADA');
    expect(finished.pauseReason).toBeNull();
    expect((await shippingsOf(t, created.body.id))[1]).toMatchObject({ status: 'skipped', error: 'ERR_CONFIRMATION_EXPIRED' });
    expect(wire(t, connectionId).filter((e) => e.to === silent)).toHaveLength(1);
  });

  it('finishes a confirmation campaign as soon as the last awaited recipient answers', async () => {
    await setCampaignSettings(t, a.company.id, { messageInterval: 0 });
    const only = numberOf('8003');
    const list = await contactListWith(t, a.company.id, [{ name: 'Caio', number: only }]);
    const created = await create({
      name: 'Confirma um',
      confirmation: true,
      message1: 'Cupom',
      confirmationMessage1: 'Quer?',
      contactListId: list.id,
      whatsappId: connectionId,
      scheduledAt: now(),
    });
    await waitFor(async () => (await campaignOf(t, created.body.id)).pauseReason === 'AWAITING_CONFIRMATION');
    await customerWrites(t, adminA, connectionId, only, 'quero', 'Caio');
    await campaignReaches(t, created.body.id, 'FINALIZADA');
    expect((await shippingsOf(t, created.body.id))[0]).toMatchObject({ status: 'delivered', body: 'Cupom' });
  });

  it('confirms each of several recipients who answer at the same moment, each into its own ticket', async () => {
    await setCampaignSettings(t, a.company.id, { messageInterval: 0 });
    const numbers = ['8201', '8202', '8203', '8204'].map(numberOf);
    const list = await contactListWith(
      t,
      a.company.id,
      numbers.map((number, i) => ({ name: `Pessoa ${i + 1}`, number })),
    );
    const created = await create({
      name: 'Confirma juntos',
      confirmation: true,
      message1: 'Cupom de {nome}',
      confirmationMessage1: '{nome}, quer?',
      contactListId: list.id,
      whatsappId: connectionId,
      scheduledAt: now(),
    });
    await waitFor(async () => (await campaignOf(t, created.body.id)).pauseReason === 'AWAITING_CONFIRMATION');
    // Three answer together (their conversations run side by side, so their replies share statements); one stays silent.
    const tickets = await Promise.all(numbers.slice(0, 3).map((number, i) => customerWrites(t, adminA, connectionId, number, 'sim', `Pessoa ${i + 1}`)));
    await waitFor(async () => (await shippingsOf(t, created.body.id)).filter((s) => s.status === 'delivered').length === 3);
    const shippings = await shippingsOf(t, created.body.id);
    expect(shippings.map((s) => [s.number, s.status, s.status === 'delivered' ? s.body : null])).toEqual([
      [numbers[0], 'delivered', 'Cupom de Pessoa 1'],
      [numbers[1], 'delivered', 'Cupom de Pessoa 2'],
      [numbers[2], 'delivered', 'Cupom de Pessoa 3'],
      [numbers[3], 'awaiting', null],
    ]);
    // Each ticket's history starts with the request its own number received, and holds nobody else's.
    for (const [i, ticket] of tickets.entries()) {
      const history = await t.em().find(Message, { ticket: ticket.id }, { filters: false, orderBy: { createdAt: 'asc', id: 'asc' } });
      expect(history.filter((m) => m.fromMe && m.body.endsWith(', quer?')).map((m) => m.body)).toEqual([`Pessoa ${i + 1}, quer?`]);
    }
  });

  it('honours an opt-out keyword in every later campaign', async () => {
    const [leaving, staying] = [numberOf('8101'), numberOf('8102')];
    await customerWrites(t, adminA, connectionId, leaving, ' Sair! ', 'Saindo');
    const list = await contactListWith(t, a.company.id, [
      { name: 'Saindo', number: leaving },
      { name: 'Ficando', number: staying },
    ]);
    const created = await create({ name: 'Depois do SAIR', message1: 'Novidades', contactListId: list.id, whatsappId: connectionId, scheduledAt: now() });
    await campaignReaches(t, created.body.id, 'FINALIZADA');
    expect((await shippingsOf(t, created.body.id)).map((s) => [s.number, s.status, s.error])).toEqual([
      [leaving, 'skipped', 'ERR_OPTED_OUT'],
      [staying, 'delivered', null],
    ]);
    // Only the answer to the keyword itself reached the number, not the campaign.
    expect(wire(t, connectionId).filter((e) => e.to === leaving)).toHaveLength(1);
  });

  it('waits at the daily cap and during quiet hours, in the company time zone', async () => {
    await setCampaignSettings(t, a.company.id, { dailyCap: 1_000_000 });
    const capped = await connectedSimulator(t, a.company.id, 'Limite');
    // This connection's count for today starts where the cap is.
    await setCampaignSettings(t, a.company.id, { dailyCap: 2 });
    const numbers = ['8201', '8202', '8203'].map(numberOf);
    const list = await contactListWith(
      t,
      a.company.id,
      numbers.map((number, i) => ({ name: `Cap ${i}`, number })),
    );
    const created = await create({ name: 'Com limite', message1: 'Oi', contactListId: list.id, whatsappId: capped.id, scheduledAt: now() });
    const waiting = await waitFor(async () => {
      const campaign = await campaignOf(t, created.body.id);
      return campaign.pauseReason === 'DAILY_CAP' ? campaign : null;
    });
    expect(waiting.status).toBe('EM_ANDAMENTO');
    expect(wire(t, capped.id).map((e) => e.to)).toEqual(numbers.slice(0, 2));
    // Resumes at the company's next midnight (São Paulo: 03:00 UTC).
    expect(waiting.nextSendAt!.getUTCHours()).toBe(3);
    expect(waiting.nextSendAt!.getTime()).toBeGreaterThan(Date.now());
    await t.http().post(`/api/campaigns/${created.body.id}/cancel`).set(adminA.auth).expect(200);

    await setCampaignSettings(t, a.company.id, { dailyCap: 0 });
    const clock = wallTime(new Date(), 'America/Sao_Paulo');
    const hhmm = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:${String(clock.minute).padStart(2, '0')}`;
    await setCampaignSettings(t, a.company.id, { quietHoursStart: hhmm(clock.hour - 1), quietHoursEnd: hhmm(clock.hour + 1) });
    try {
      const sleeper = numberOf('8301');
      const quietList = await contactListWith(t, a.company.id, [{ name: 'Quieto', number: sleeper }]);
      const quiet = await create({ name: 'Silêncio', message1: 'Oi', contactListId: quietList.id, whatsappId: connectionId, scheduledAt: now() });
      const asleep = await waitFor(async () => {
        const campaign = await campaignOf(t, quiet.body.id);
        return campaign.pauseReason === 'QUIET_HOURS' ? campaign : null;
      });
      expect(asleep.nextSendAt!.getTime() - Date.now()).toBeGreaterThan(50 * 60_000);
      expect(wire(t, connectionId).filter((e) => e.to === sleeper)).toHaveLength(0);
      await t.http().post(`/api/campaigns/${quiet.body.id}/cancel`).set(adminA.auth).expect(200);
    } finally {
      await setCampaignSettings(t, a.company.id, { quietHoursStart: '', quietHoursEnd: '' });
    }
  });

  it('pauses itself, saying why, when sends fail, the connection drops or the plan loses campaigns', async () => {
    await setCampaignSettings(t, a.company.id, { failurePauseThreshold: 2, messageInterval: 0 });
    // Numbers ending in 0999 are on WhatsApp but refuse messages in the simulator.
    const blocked = await contactListWith(
      t,
      a.company.id,
      [1, 2, 3, 4].map((i) => ({ name: `B${i}`, number: numberOf('0999') })),
    );
    const failing = await create({ name: 'Bloqueios', message1: 'Oi', contactListId: blocked.id, whatsappId: connectionId, scheduledAt: now() });
    const paused = await campaignReaches(t, failing.body.id, 'CANCELADA');
    expect(paused.pauseReason).toBe('TOO_MANY_FAILURES');
    expect((await shippingsOf(t, failing.body.id)).filter((s) => s.status === 'failed')).toHaveLength(2);

    const dropping = await connectedSimulator(t, a.company.id, 'Cai');
    await t.http().delete(`/api/whatsappsession/${dropping.id}`).set(adminA.auth).expect(200);
    const gated = numberOf('8401');
    const list = await contactListWith(t, a.company.id, [{ name: 'D', number: gated }]);
    const offline = await create({ name: 'Sem conexão', message1: 'Oi', contactListId: list.id, whatsappId: dropping.id, scheduledAt: now() });
    expect((await campaignReaches(t, offline.body.id, 'CANCELADA')).pauseReason).toBe('CONNECTION_DISCONNECTED');

    const later = await create({
      name: 'Plano',
      message1: 'Oi',
      contactListId: list.id,
      whatsappId: connectionId,
      scheduledAt: new Date(Date.now() + 300).toISOString(),
    });
    await t.em().nativeUpdate(Plan, { id: a.plan.id }, { useCampaigns: false }, { filters: false });
    try {
      expect((await campaignReaches(t, later.body.id, 'CANCELADA')).pauseReason).toBe('PLAN_WITHOUT_CAMPAIGNS');
      expect((await t.http().get('/api/campaigns').set(adminA.auth)).status).toBe(403);
    } finally {
      await t.em().nativeUpdate(Plan, { id: a.plan.id }, { useCampaigns: true }, { filters: false });
    }
    // The campaigns setting switched off, or the company disabled, between scheduling and sending.
    const setting = async (value: string) => t.em().nativeUpdate(Setting, { company: a.company.id, key: 'campaignsEnabled' }, { value }, { filters: false });
    const off = await create({
      name: 'Desligada',
      message1: 'Oi',
      contactListId: list.id,
      whatsappId: connectionId,
      scheduledAt: new Date(Date.now() + 300).toISOString(),
    });
    await setting('false');
    try {
      expect((await campaignReaches(t, off.body.id, 'CANCELADA')).pauseReason).toBe('CAMPAIGNS_DISABLED');
    } finally {
      await setting('true');
    }
    const disabled = await create({
      name: 'Empresa inativa',
      message1: 'Oi',
      contactListId: list.id,
      whatsappId: connectionId,
      scheduledAt: new Date(Date.now() + 300).toISOString(),
    });
    await t.em().nativeUpdate(Company, { id: a.company.id }, { status: false }, { filters: false });
    try {
      expect((await campaignReaches(t, disabled.body.id, 'CANCELADA')).pauseReason).toBe('COMPANY_INACTIVE');
    } finally {
      await t.em().nativeUpdate(Company, { id: a.company.id }, { status: true }, { filters: false });
    }
    // None of the stopped campaigns sent anything.
    expect(wire(t, connectionId).filter((e) => e.to === gated)).toHaveLength(0);
    await setCampaignSettings(t, a.company.id, { failurePauseThreshold: 5 });
  });

  it('reaches the contacts of a tag, with the campaign attachment as the message', async () => {
    await setCampaignSettings(t, a.company.id, { messageInterval: 0 });
    const tag = await t
      .http()
      .post('/api/tags')
      .set(adminA.auth)
      .send({ name: `Campanha ${Date.now()}`, color: '#123456' });
    const [tagged, other] = [numberOf('8601'), numberOf('8602')];
    const ticket = await customerWrites(t, adminA, connectionId, tagged, 'Oi', 'Marcado');
    await customerWrites(t, adminA, connectionId, other, 'Oi', 'Sem tag');
    await t.http().put(`/api/ticket-tags/${ticket.id}/${tag.body.id}`).set(adminA.auth).expect(200);
    const created = await create({ name: 'Por tag', message1: 'Catálogo de {nome}', tagListId: tag.body.id, whatsappId: connectionId });
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const uploaded = await t
      .http()
      .post(`/api/campaigns/${created.body.id}/media-upload`)
      .set(adminA.auth)
      .attach('file', png, { filename: 'catalogo.png', contentType: 'image/png' });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body).toMatchObject({ mediaName: 'catalogo.png' });
    expect(uploaded.body.mediaPath).toMatch(new RegExp(`^company${a.company.id}/`));
    expect((await t.http().post(`/api/campaigns/${created.body.id}/media-upload`).set(adminA.auth)).status).toBe(400);

    await t.http().put(`/api/campaigns/${created.body.id}`).set(adminA.auth).send({ scheduledAt: now() }).expect(200);
    await campaignReaches(t, created.body.id, 'FINALIZADA');
    expect((await shippingsOf(t, created.body.id)).map((s) => [s.number, s.status, s.body])).toEqual([[tagged, 'delivered', 'Catálogo de Marcado']]);
    expect(wire(t, connectionId).filter((e) => e.to === other)).toHaveLength(0);
    // A file list goes after the message: one more message per file, on the wire under ids derived from the main one.
    const files = await t
      .http()
      .post('/api/files')
      .set(adminA.auth)
      .send({ name: 'Catálogos', message: 'Veja', options: [{ name: 'Tabela' }] });
    await t
      .http()
      .post(`/api/files/uploadList/${files.body.id}`)
      .set(adminA.auth)
      .field('optionIds', String(files.body.options[0].id))
      .attach('files', Buffer.from('%PDF-1.4\n%%EOF\n'), { filename: 'tabela.pdf', contentType: 'application/pdf' })
      .expect((res) => expect(res.status).toBeLessThan(300));
    const withFiles = await create({
      name: 'Com arquivos',
      message1: 'Tabela nova',
      tagListId: tag.body.id,
      whatsappId: connectionId,
      fileListId: files.body.id,
    });
    await t.http().put(`/api/campaigns/${withFiles.body.id}`).set(adminA.auth).send({ scheduledAt: now() }).expect(200);
    await campaignReaches(t, withFiles.body.id, 'FINALIZADA');
    const [main] = (await shippingsOf(t, withFiles.body.id)).map((s) => s.providerId);
    expect(
      wire(t, connectionId)
        .filter((e) => e.providerId.startsWith(main!))
        .map((e) => e.providerId),
    ).toEqual([main, `${main}01`]);

    // Once sent, the attachment can no longer change.
    expect((await t.http().delete(`/api/campaigns/${created.body.id}/media-upload`).set(adminA.auth)).body.error).toBe('ERR_CAMPAIGN_NOT_EDITABLE');
  });

  it('keeps the form rules of §4: editable while inactive or scheduled over an hour ahead, messages only once cancelled', async () => {
    const list = await contactListWith(t, a.company.id, [{ name: 'E', number: numberOf('8501') }]);
    const draft = await create({ name: 'Rascunho', message1: 'v1' });
    expect(draft.body).toMatchObject({ status: 'INATIVA', scheduledAt: null });
    const inTwoHours = new Date(Date.now() + 2 * 3600_000);
    const local = wallTime(inTwoHours, 'America/Sao_Paulo');
    const pad = (n: number) => String(n).padStart(2, '0');
    const scheduledAt = `${local.year}-${pad(local.month)}-${pad(local.day)} ${pad(local.hour)}:${pad(local.minute)}:00`;
    const scheduled = await t
      .http()
      .put(`/api/campaigns/${draft.body.id}`)
      .set(adminA.auth)
      .send({ scheduledAt, contactListId: list.id, whatsappId: connectionId });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.status).toBe('PROGRAMADA');
    expect(Math.abs(new Date(scheduled.body.scheduledAt).getTime() - inTwoHours.getTime())).toBeLessThan(61_000);

    const soon = await create({
      name: 'Logo',
      message1: 'Oi',
      contactListId: list.id,
      whatsappId: connectionId,
      scheduledAt: new Date(Date.now() + 1800_000).toISOString(),
    });
    const locked = await t.http().put(`/api/campaigns/${soon.body.id}`).set(adminA.auth).send({ name: 'Outro nome' });
    expect(locked.status).toBe(409);
    expect(locked.body.error).toBe('ERR_CAMPAIGN_NOT_EDITABLE');
    await t.http().post(`/api/campaigns/${soon.body.id}/cancel`).set(adminA.auth).expect(200);
    expect((await t.http().put(`/api/campaigns/${soon.body.id}`).set(adminA.auth).send({ message2: 'Nova variante' })).body.message2).toBe('Nova variante');
    expect((await t.http().put(`/api/campaigns/${soon.body.id}`).set(adminA.auth).send({ name: 'Não' })).status).toBe(409);
    expect((await t.http().delete(`/api/campaigns/${soon.body.id}`).set(adminA.auth)).status).toBe(204);
  });

  it('refuses bad input, lower roles and other companies', async () => {
    const bad = await create({ name: 'x', scheduledAt: 'amanhã', whatsappId: 'um', confirmation: 'talvez' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['confirmation', 'name', 'whatsappId']);
    const badDate = await create({ name: 'Data ruim', scheduledAt: '2026-13-40 10:00:00' });
    expect(badDate.body.fields).toEqual([{ field: 'scheduledAt', messages: ["scheduledAt must be 'YYYY-MM-DD HH:mm:ss'"] }]);
    const unready = await create({ name: 'Sem nada', scheduledAt: now() });
    expect(unready.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['contactListId', 'message1', 'whatsappId']);
    expect((await create({ name: 'Extra', hacked: true })).status).toBe(400);
    const nameless = await create({});
    expect(nameless.status).toBe(400);
    expect(nameless.body.fields.map((f: { field: string }) => f.field)).toEqual(['name']);

    const mine = await create({ name: 'Minha', message1: 'Oi' });
    expect((await create({ name: 'Do atendente' }, userA)).status).toBe(403);
    expect((await t.http().get('/api/campaigns').set(userA.auth)).status).toBe(403);
    expect((await t.http().post(`/api/campaigns/${mine.body.id}/cancel`).set(userA.auth)).status).toBe(403);
    expect((await t.http().get(`/api/campaigns/${mine.body.id}/report`).set(userA.auth)).status).toBe(403);
    expect((await t.http().delete(`/api/campaigns/${mine.body.id}`).set(userA.auth)).status).toBe(403);

    for (const res of [
      await t.http().get(`/api/campaigns/${mine.body.id}`).set(adminB.auth),
      await t.http().get(`/api/campaigns/${mine.body.id}/report`).set(adminB.auth),
      await t.http().put(`/api/campaigns/${mine.body.id}`).set(adminB.auth).send({ name: 'Tomada' }),
      await t.http().post(`/api/campaigns/${mine.body.id}/cancel`).set(adminB.auth),
      await t.http().post(`/api/campaigns/${mine.body.id}/restart`).set(adminB.auth),
      await t
        .http()
        .post(`/api/campaigns/${mine.body.id}/media-upload`)
        .set(adminB.auth)
        .attach('file', Buffer.from('%PDF-1.4\n'), { filename: 'a.pdf', contentType: 'application/pdf' }),
      await t.http().delete(`/api/campaigns/${mine.body.id}/media-upload`).set(adminB.auth),
      await t.http().delete(`/api/campaigns/${mine.body.id}`).set(adminB.auth),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('ERR_NO_CAMPAIGN_FOUND');
    }
    const listB = await t.http().get('/api/campaigns').query({ pageNumber: 1 }).set(adminB.auth);
    expect(listB.body).toMatchObject({ records: [], count: 0, hasMore: false });
    // Another company's connection or list cannot be named.
    const foreign = await create({ name: 'Alheia', message1: 'Oi', whatsappId: connectionId }, adminB);
    expect(foreign.body.fields).toEqual([{ field: 'whatsappId', messages: ['not found'] }]);

    const page = await t.http().get('/api/campaigns').query({ searchParam: 'Minha', pageNumber: 1 }).set(adminA.auth);
    expect(page.body.records.map((r: { name: string }) => r.name)).toEqual(['Minha']);
    const ra = await t
      .http()
      .get('/api/campaigns')
      .query({ filter: JSON.stringify({ status: 'INATIVA' }), range: '[0,4]' })
      .set(adminA.auth);
    expect(ra.status).toBe(200);
    expect(ra.headers['content-range']).toMatch(/^records 0-\d+\/\d+$/);
  });
});
