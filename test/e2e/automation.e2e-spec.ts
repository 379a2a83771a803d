import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Redis } from 'ioredis';
import { REDIS } from '../../src/infra/redis/redis.tokens.js';
import { Message } from '../../src/modules/messages/message.entity.js';
import { Ticket } from '../../src/modules/tickets/ticket.entity.js';
import { connectedSimulator } from '../utils/channels.js';
import { createTenant, login, type Session, type TenantFixture } from '../utils/factories.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';
import { customerWrites } from '../utils/tickets.js';

describe('the bot: business hours, queue menu and option tree', () => {
  let t: TestApp;

  const botSaid = async (ticketId: number) =>
    (await t.em().find(Message, { ticket: ticketId, fromMe: true }, { filters: false, orderBy: { id: 'ASC' } })).map((m) => m.body);
  const ticketOf = (id: number) => t.em().findOneOrFail(Ticket, id, { filters: false });
  /** Adds an option under `parentId` (-1: the queue's first level) and answers its id. */
  const addOption = async (admin: Session, queueId: number, parentId: number, title: string, message: string): Promise<number> =>
    (await t.http().post('/api/queue-options').set(admin.auth).send({ queueId, parentId, title, message }).expect(201)).body.id as number;

  async function setup(
    queueCount: number,
    greeting = 'Olá {{firstName}}! Escolha um setor:',
  ): Promise<{ tenant: TenantFixture; admin: Session; connectionId: number }> {
    const tenant = await createTenant(t);
    const admin = await login(t, tenant.admin.email);
    const connectionId = (await connectedSimulator(t, tenant.company.id, 'Bot')).id;
    await t
      .http()
      .put(`/api/whatsapp/${connectionId}`)
      .set(admin.auth)
      .send({ greetingMessage: greeting, outOfHoursMessage: 'Estamos fechados, {{name}}.', queueIds: tenant.queues.slice(0, queueCount).map((q) => q.id) })
      .expect(200);
    for (const [index, queue] of tenant.queues.entries()) {
      await t
        .http()
        .put(`/api/queue/${queue.id}`)
        .set(admin.auth)
        .send({ greetingMessage: `Você está na fila ${index + 1}.` })
        .expect(200);
    }
    return { tenant, admin, connectionId };
  }

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('greets with the numbered menu, answers an invalid option, routes by number and goes back with #', async () => {
    const { tenant, admin, connectionId } = await setup(2);
    const [first, second] = tenant.queues;
    const ticket = await customerWrites(t, admin, connectionId, '5511966660001', 'oi', 'Marta Lima');
    expect(await botSaid(ticket.id)).toEqual([`Olá Marta! Escolha um setor:\n\n*[ 1 ]* - ${first!.name}\n*[ 2 ]* - ${second!.name}`]);
    expect((await ticketOf(ticket.id)).chatbot).toBe(true);

    await customerWrites(t, admin, connectionId, '5511966660001', 'quero falar com alguém');
    expect((await botSaid(ticket.id)).at(-1)).toBe('Opção inválida, por favor, escolha uma opção válida.');

    await customerWrites(t, admin, connectionId, '5511966660001', '2');
    expect((await ticketOf(ticket.id)).queue?.id).toBe(second!.id);
    expect((await botSaid(ticket.id)).at(-1)).toBe('Você está na fila 2.');

    await customerWrites(t, admin, connectionId, '5511966660001', '#');
    expect((await ticketOf(ticket.id)).queue).toBeNull();
    expect((await botSaid(ticket.id)).at(-1)).toContain(`*[ 1 ]* - ${first!.name}`);
  });

  it('walks the option tree down, back up with 0, and hands over at a leaf', async () => {
    const { tenant, admin, connectionId } = await setup(2);
    const queue = tenant.queues[0]!;
    const vendas = await addOption(admin, queue.id, -1, 'Vendas', 'Vendas: o que procura?');
    await addOption(admin, queue.id, -1, 'Suporte técnico', 'Um técnico já vai falar com você.');
    await addOption(admin, queue.id, vendas, 'Produto X', 'O produto X custa R$ 10.');

    const ticket = await customerWrites(t, admin, connectionId, '5511966660002', 'oi');
    await customerWrites(t, admin, connectionId, '5511966660002', '1');
    expect((await botSaid(ticket.id)).at(-1)).toBe('Você está na fila 1.\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte técnico\n*[ # ]* - Menu inicial');
    await customerWrites(t, admin, connectionId, '5511966660002', '1');
    expect((await botSaid(ticket.id)).at(-1)).toBe('Vendas: o que procura?\n\n*[ 1 ]* - Produto X\n*[ 0 ]* - Voltar\n*[ # ]* - Menu inicial');
    await customerWrites(t, admin, connectionId, '5511966660002', '0');
    expect((await botSaid(ticket.id)).at(-1)).toContain('*[ 2 ]* - Suporte técnico');
    await customerWrites(t, admin, connectionId, '5511966660002', '7');
    expect((await botSaid(ticket.id)).at(-1)).toMatch(/^Opção inválida, por favor, escolha uma opção válida\./);
    await customerWrites(t, admin, connectionId, '5511966660002', '2');
    expect((await botSaid(ticket.id)).at(-1)).toBe('Um técnico já vai falar com você.');
    const after = await ticketOf(ticket.id);
    expect(after).toMatchObject({ chatbot: false, status: 'pending' });
    const count = (await botSaid(ticket.id)).length;
    await customerWrites(t, admin, connectionId, '5511966660002', 'alô?');
    expect(await botSaid(ticket.id)).toHaveLength(count);
  });

  it("an agent's finish clears the bot state like the automatic close does", async () => {
    const { tenant, admin, connectionId } = await setup(2);
    const queue = tenant.queues[0]!;
    const vendas = await addOption(admin, queue.id, -1, 'Vendas', 'Vendas: o que procura?');
    await addOption(admin, queue.id, vendas, 'Produto X', 'R$ 10.');
    const ticket = await customerWrites(t, admin, connectionId, '5511966660009', 'oi');
    await customerWrites(t, admin, connectionId, '5511966660009', '1');
    await customerWrites(t, admin, connectionId, '5511966660009', '1');
    // Mid-conversation: the bot is on, deep in the option tree, with an integration session of its own.
    await t
      .em()
      .getConnection()
      .execute(`update tickets set use_integration = true, typebot_session_id = 'session-1', typebot_session_at = now() where id = ?`, [ticket.id]);
    const talking = await ticketOf(ticket.id);
    expect(talking).toMatchObject({ chatbot: true, useIntegration: true, typebotSessionId: 'session-1', status: 'pending' });
    expect(talking.queueOption?.id).toBe(vendas);

    await t.http().put(`/api/tickets/${ticket.id}`).set(admin.auth).send({ status: 'closed' }).expect(200);
    const closed = await ticketOf(ticket.id);
    expect(closed).toMatchObject({
      status: 'closed',
      chatbot: false,
      useIntegration: false,
      typebotSessionId: null,
      typebotSessionAt: null,
      queueOption: null,
    });
    const [cycle] = await t
      .em()
      .getConnection()
      .execute<Array<{ finished_at: Date | null }>>('select finished_at from ticket_cycles where ticket_id = ?', [ticket.id]);
    expect(cycle!.finished_at).not.toBeNull();
  });

  it('assigns a single queue by itself and greets only when the setting asks', async () => {
    const { tenant, admin, connectionId } = await setup(1);
    const silent = await customerWrites(t, admin, connectionId, '5511966660003', 'oi');
    expect((await ticketOf(silent.id)).queue?.id).toBe(tenant.queues[0]!.id);
    expect(await botSaid(silent.id)).toEqual([]);

    await t.http().put('/api/settings/sendGreetingMessageOneQueues').set(admin.auth).send({ value: 'enabled' }).expect(200);
    const greeted = await customerWrites(t, admin, connectionId, '5511966660004', 'oi');
    expect(await botSaid(greeted.id)).toEqual(['Você está na fila 1.']);
  });

  it('answers out of business hours once, and stops for good when a human accepts', async () => {
    const { tenant, admin, connectionId } = await setup(2);
    await t.http().put('/api/settings/scheduleType').set(admin.auth).send({ value: 'company' }).expect(200);
    const closed = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((weekdayEn) => ({
      weekday: weekdayEn,
      weekdayEn,
      startTime: '00:00',
      endTime: '00:00',
    }));
    await t.http().put(`/api/companies/${tenant.company.id}/schedules`).set(admin.auth).send({ schedules: closed }).expect(200);
    const ticket = await customerWrites(t, admin, connectionId, '5511966660005', 'tem alguém?', 'Caio Prado');
    await customerWrites(t, admin, connectionId, '5511966660005', 'alô');
    expect(await botSaid(ticket.id)).toEqual(['Estamos fechados, Caio Prado.']);

    await t.http().put('/api/settings/scheduleType').set(admin.auth).send({ value: 'disabled' }).expect(200);
    await t.http().put(`/api/tickets/${ticket.id}`).set(admin.auth).send({ status: 'open', userId: tenant.admin.id }).expect(200);
    await customerWrites(t, admin, connectionId, '5511966660005', 'oi de novo');
    expect(await botSaid(ticket.id)).toEqual(['Estamos fechados, Caio Prado.']);
  });

  it('never loops: twenty random texts to every configuration get at most one reply each', async () => {
    const words = ['oi', 'bom dia', '1', '2', '3', '0', '#', '9', 'quero comprar', '👍', 'ajuda', '12', '', 'menu', '2', '1', 'obrigado', '#', '0', '5'];
    const configurations: Array<{ queues: number; options: boolean; closed: boolean }> = [
      { queues: 0, options: false, closed: false },
      { queues: 1, options: false, closed: false },
      { queues: 2, options: false, closed: false },
      { queues: 2, options: true, closed: false },
      { queues: 2, options: false, closed: true },
    ];
    for (const [index, config] of configurations.entries()) {
      const { tenant, admin, connectionId } = await setup(config.queues);
      if (config.options) {
        const root = await addOption(admin, tenant.queues[0]!.id, -1, 'Menu', 'Escolha');
        await addOption(admin, tenant.queues[0]!.id, root, 'Fim', 'Até logo');
      }
      if (config.closed) {
        await t.http().put('/api/settings/scheduleType').set(admin.auth).send({ value: 'company' }).expect(200);
        const closed = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((weekdayEn) => ({
          weekday: weekdayEn,
          weekdayEn,
          startTime: '',
          endTime: '',
        }));
        await t.http().put(`/api/companies/${tenant.company.id}/schedules`).set(admin.auth).send({ schedules: closed }).expect(200);
      }
      const from = `55119777${String(index).padStart(5, '0')}`;
      let ticketId = 0;
      let replies = 0;
      for (const word of [...words].sort(() => Math.random() - 0.5)) {
        const ticket = await customerWrites(t, admin, connectionId, from, word || '...');
        ticketId = ticket.id;
        const now = (await botSaid(ticketId)).length;
        expect(now - replies).toBeLessThanOrEqual(1);
        replies = now;
      }
      const final = await ticketOf(ticketId);
      // Either still talking (menu or tree) within its limits, or handed over to a human, or closed hours said once.
      if (config.closed) expect(replies).toBe(1);
      if (config.queues === 0) expect(replies).toBe(0);
      expect(final.status).toBe('pending');
    }
  });

  it('uses the queue week when scheduleType is queue: a closed day answers, an overnight window from yesterday opens', async () => {
    const { tenant, admin, connectionId } = await setup(2);
    await t.http().put('/api/settings/scheduleType').set(admin.auth).send({ value: 'queue' }).expect(200);
    const [first] = tenant.queues;
    const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Sao_Paulo',
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date());
    const part = (type: string) => parts.find((p) => p.type === type)!.value;
    const today = days.indexOf(part('weekday').toLowerCase());
    const minute = Number(part('hour')) * 60 + Number(part('minute'));
    const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const closedWeek = days.map((weekdayEn) => ({ weekday: weekdayEn, weekdayEn, startTime: '00:00', endTime: '00:00' }));
    await t
      .http()
      .put(`/api/queue/${first!.id}`)
      .set(admin.auth)
      .send({ outOfHoursMessage: 'Fila fechada, {{firstName}}.', schedules: closedWeek })
      .expect(200);

    const from = '5511966660099';
    const ticket = await customerWrites(t, admin, connectionId, from, 'oi', 'Vera Luz');
    await customerWrites(t, admin, connectionId, from, '1');
    expect((await ticketOf(ticket.id)).queue?.id).toBe(first!.id);
    expect((await botSaid(ticket.id)).at(-1)).toBe('Fila fechada, Vera.');
    await customerWrites(t, admin, connectionId, from, 'alguém?');
    expect((await botSaid(ticket.id)).filter((text) => text === 'Fila fechada, Vera.')).toHaveLength(1); // once per 30 minutes

    // Overnight: yesterday's window runs past now (or today's, late at night, started before now and ends tomorrow).
    const openWeek = closedWeek.map((entry) => ({ ...entry }));
    if (minute < 22 * 60) openWeek[(today + 6) % 7] = { ...openWeek[(today + 6) % 7]!, startTime: '23:00', endTime: hhmm(minute + 30) };
    else openWeek[today] = { ...openWeek[today]!, startTime: '21:30', endTime: '06:00' };
    await t.http().put(`/api/queue/${first!.id}`).set(admin.auth).send({ schedules: openWeek }).expect(200);
    await t.app.get<Redis>(REDIS).del(`bot:ooh:${ticket.id}`);
    const before = (await botSaid(ticket.id)).length;
    await customerWrites(t, admin, connectionId, from, 'e agora?');
    expect(await botSaid(ticket.id)).toHaveLength(before);
  });

  it('# takes a single-queue customer back to the first level of the option tree', async () => {
    const { tenant, admin, connectionId } = await setup(1);
    const queue = tenant.queues[0]!;
    const root = await addOption(admin, queue.id, -1, 'Planos', 'Qual plano?');
    await addOption(admin, queue.id, root, 'Básico', 'O básico custa R$ 10.');
    const from = '5511966660077';
    const ticket = await customerWrites(t, admin, connectionId, from, 'oi');
    await customerWrites(t, admin, connectionId, from, '1');
    expect((await botSaid(ticket.id)).at(-1)).toContain('*[ 1 ]* - Básico');
    await customerWrites(t, admin, connectionId, from, '#');
    expect((await botSaid(ticket.id)).at(-1)).toBe('Você está na fila 1.\n\n*[ 1 ]* - Planos\n*[ # ]* - Menu inicial');
    await customerWrites(t, admin, connectionId, from, '1');
    expect((await botSaid(ticket.id)).at(-1)).toContain('*[ 1 ]* - Básico');
  });
});
