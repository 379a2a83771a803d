import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { Company } from '../../src/modules/companies/company.entity.js';
import { Whatsapp } from '../../src/modules/connections/whatsapp.entity.js';
import { Contact } from '../../src/modules/contacts/contact.entity.js';
import { Message } from '../../src/modules/messages/message.entity.js';
import type { TicketTransitionedEvent } from '../../src/shared/domain-events.js';
import { Ticket } from '../../src/modules/tickets/ticket.entity.js';
import { connectedSimulator, drainPipeline, waitFor } from '../utils/channels.js';
import { createTenant, createUser, login, type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { connectSocket, joinRooms } from '../utils/sockets.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';
import { customerWrites } from '../utils/tickets.js';

describe('tickets', () => {
  let t: TestApp;
  let a: TenantFixture;
  let adminA: Session;
  let userA: Session;
  let adminB: Session;
  let connectionId: number;

  const put = (session: Session, id: number, body: Record<string, unknown>) => t.http().put(`/api/tickets/${id}`).set(session.auth).send(body);
  const list = (session: Session, query: Record<string, unknown>) => t.http().get('/api/tickets').query(query).set(session.auth);

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, adminA, userA, adminB } = await twoTenants(t));
    connectionId = (await connectedSimulator(t, a.company.id, 'Principal')).id;
  });
  afterAll(() => t.close());

  it('walks a ticket through accept, return, transfer, finish and reopen, emitting each change', async () => {
    const ticket = await customerWrites(t, adminA, connectionId, '5511911110001', 'Olá, bom dia', 'Lia');
    expect(ticket.status).toBe('pending');
    const socket = await connectSocket(t, adminA.token);
    await joinRooms(socket, 'joinTickets', 'pending');
    await joinRooms(socket, 'joinTickets', 'open');
    await joinRooms(socket, 'joinTickets', 'closed');
    const seen: Array<{ action: string; ticket: { status: string; userId: number | null; queueId: number | null } }> = [];
    socket.on(`company-${a.company.id}-ticket`, (p: (typeof seen)[number]) => seen.push(p));
    // The lifecycle names each transition in its domain event (the automatic texts and the timers listen to them).
    const transitions: string[][] = [];
    const onTransition = (event: TicketTransitionedEvent) => {
      if (event.ticketId === ticket.id) transitions.push([...event.transitions]);
    };
    const emitter = t.app.get(EventEmitter2);
    emitter.on('ticket.transitioned', onTransition);

    const accepted = await put(adminA, ticket.id, { status: 'open', userId: a.admin.id });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'open', userId: a.admin.id, chatbot: false, tags: [] });
    const returned = await put(adminA, ticket.id, { status: 'pending', userId: null });
    expect(returned.body).toMatchObject({ status: 'pending', userId: null });
    const transferred = await put(adminA, ticket.id, { queueId: a.queues[0]!.id, userId: null, whatsappId: connectionId });
    expect(transferred.body).toMatchObject({ status: 'pending', queueId: a.queues[0]!.id, userId: null, queue: { name: a.queues[0]!.name } });
    await put(adminA, ticket.id, { status: 'open', userId: a.admin.id }).expect(200);
    const closed = await put(adminA, ticket.id, { status: 'closed', userId: a.admin.id, useIntegration: false, promptId: null, integrationId: null });
    expect(closed.body.status).toBe('closed');
    const reopened = await put(adminA, ticket.id, { status: 'open', userId: a.admin.id });
    expect(reopened.body).toMatchObject({ status: 'open', userId: a.admin.id });

    await waitFor(() => seen.length >= 6);
    socket.close();
    emitter.off('ticket.transitioned', onTransition);
    expect(transitions).toEqual([['accepted'], ['returned'], ['transferred'], ['accepted'], ['finished'], ['reopened']]);
    expect(seen.map((e) => `${e.action}:${e.ticket.status}`)).toEqual([
      'update:open',
      'update:pending',
      'update:pending',
      'update:open',
      'update:closed',
      'update:open',
    ]);
    const cycles = await t
      .em()
      .getConnection()
      .execute<Array<{ started_at: Date | null; finished_at: Date | null }>>(
        'select started_at, finished_at from ticket_cycles where ticket_id = ? order by id',
        [ticket.id],
      );
    expect(cycles).toHaveLength(2);
    expect(cycles[0]!.started_at).not.toBeNull();
    expect(cycles[0]!.finished_at).not.toBeNull();
    expect(cycles[1]!.finished_at).toBeNull();
  });

  it('sends the accept greeting and the transfer notice when the settings ask for them', async () => {
    await t.http().put('/api/settings/sendGreetingAccepted').set(adminA.auth).send({ value: 'enabled' }).expect(200);
    await t.http().put('/api/settings/sendMsgTransfTicket').set(adminA.auth).send({ value: 'enabled' }).expect(200);
    const ticket = await customerWrites(t, adminA, connectionId, '5511911110002', 'Oi', 'Rui Souza');
    await put(adminA, ticket.id, { status: 'open', userId: a.admin.id }).expect(200);
    await put(adminA, ticket.id, { queueId: a.queues[1]!.id, userId: null }).expect(200);
    await drainPipeline(t);
    const sent = (await t.em().find(Message, { ticket: ticket.id, fromMe: true }, { filters: false, orderBy: { id: 'ASC' } })).map((m) => m.body);
    expect(sent[0]).toMatch(/^(Bom dia|Boa tarde|Boa noite|Boa madrugada) \*Rui Souza\*, meu nome é \*Admin .+\* e agora vou prosseguir com seu atendimento!$/);
    expect(sent[1]).toBe(`*Mensagem automática*:\nVocê foi transferido(a) para o setor *${a.queues[1]!.name}*. Em breve alguém irá atendê-lo(a).`);
  });

  it('applies the visibility rules for user, allTicket and admin, and counts the tabs in one query', async () => {
    const noQueue = await customerWrites(t, adminA, connectionId, '5511911110003', 'sem fila');
    const inQueueA = await customerWrites(t, adminA, connectionId, '5511911110004', 'fila A');
    const inQueueB = await customerWrites(t, adminA, connectionId, '5511911110005', 'fila B');
    await put(adminA, inQueueA.id, { queueId: a.queues[0]!.id, userId: null }).expect(200);
    await put(adminA, inQueueB.id, { queueId: a.queues[1]!.id, userId: null }).expect(200);

    const userIds = (await list(userA, { status: 'pending' })).body.tickets.map((x: { id: number }) => x.id);
    expect(userIds).toContain(inQueueA.id);
    expect(userIds).not.toContain(inQueueB.id);
    expect(userIds).not.toContain(noQueue.id);
    expect((await t.http().get(`/api/tickets/${inQueueB.id}`).set(userA.auth)).body).toMatchObject({
      error: 'ERR_NO_PERMISSION',
      message: 'Acesso não permitido',
    });
    expect((await t.http().get(`/api/tickets/u/${inQueueB.uuid}`).set(userA.auth)).status).toBe(403);

    const allTicket = await createUser(t, a.company, 'user', { allTicket: 'enabled' });
    const allSession = await login(t, allTicket.email);
    const allIds = (await list(allSession, { status: 'pending' })).body.tickets.map((x: { id: number }) => x.id);
    expect(allIds).toContain(noQueue.id);
    expect(allIds).not.toContain(inQueueB.id);

    const adminAll = await list(adminA, { status: 'pending', showAll: 'true' });
    expect(adminAll.body.tickets.map((x: { id: number }) => x.id)).toEqual(expect.arrayContaining([noQueue.id, inQueueA.id, inQueueB.id]));
    const userShowAll = await list(userA, { status: 'pending', showAll: 'true' });
    expect(userShowAll.body.tickets.map((x: { id: number }) => x.id)).not.toContain(inQueueB.id);

    const tag = await t.http().post('/api/tags').set(adminA.auth).send({ name: 'Urgente', color: '#FF0000' });
    await t
      .http()
      .post('/api/tags/sync')
      .set(adminA.auth)
      .send({ ticketId: inQueueA.id, tags: [{ id: tag.body.id }] })
      .expect(200);
    const tagged = await list(adminA, { showAll: 'true', tags: JSON.stringify([tag.body.id]) });
    expect(tagged.body.tickets.map((x: { id: number; tags: Array<{ name: string }> }) => [x.id, x.tags.map((g) => g.name)])).toEqual([
      [inQueueA.id, ['Urgente']],
    ]);
    const inB = (await list(adminA, { showAll: 'true', queueIds: JSON.stringify([a.queues[1]!.id]) })).body.tickets.map((x: { id: number }) => x.id);
    expect(inB).toContain(inQueueB.id);
    expect(inB).not.toContain(inQueueA.id);
    expect((await list(adminA, { showAll: 'true', tags: '[oops' })).status).toBe(400);

    const counts = await t.http().get('/api/tickets/counts').query({ showAll: 'true' }).set(adminA.auth);
    const pending = await t.em().count(Ticket, { company: a.company.id, status: 'pending' }, { filters: false });
    const open = await t.em().count(Ticket, { company: a.company.id, status: 'open' }, { filters: false });
    expect(counts.body).toEqual({ open, pending });
  });

  it('refuses a second open ticket for the same contact and connection, naming the existing one', async () => {
    const existing = await customerWrites(t, adminA, connectionId, '5511911110006', 'oi');
    const res = await t
      .http()
      .post('/api/tickets')
      .set(adminA.auth)
      .send({ contactId: existing.contact.id, whatsappId: connectionId, queueId: a.queues[0]!.id, userId: a.admin.id, status: 'open' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'ERR_OTHER_OPEN_TICKET', ticket: { id: existing.id, uuid: existing.uuid, user: null } });

    await put(adminA, existing.id, { status: 'closed' }).expect(200);
    const created = await t
      .http()
      .post('/api/tickets')
      .set(userA.auth)
      .send({ contactId: existing.contact.id, whatsappId: connectionId, queueId: a.queues[0]!.id, status: 'open' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'open', userId: userA.userId, queueId: a.queues[0]!.id });
    // Open by an agent: a protocol of its own and an attendance cycle already started by that agent.
    const opened = await t.em().findOneOrFail(Ticket, created.body.id, { filters: false });
    expect(opened.protocol).toMatch(/^\d{18}$/);
    expect(opened.protocol).not.toBe(existing.protocol);
    const [cycle] = await t
      .em()
      .getConnection()
      .execute<Array<{ user_id: number; started_at: Date | null; queue_id: number }>>(
        'select user_id, started_at, queue_id from ticket_cycles where ticket_id = ?',
        [created.body.id],
      );
    expect(cycle).toMatchObject({ user_id: userA.userId, queue_id: a.queues[0]!.id });
    expect(cycle!.started_at).not.toBeNull();
    const reopen = await put(adminA, existing.id, { status: 'open', userId: a.admin.id });
    expect(reopen.status).toBe(409);
    expect(reopen.body.ticket.id).toBe(created.body.id);

    const noQueue = await t.http().post('/api/tickets').set(userA.auth).send({ contactId: existing.contact.id, whatsappId: connectionId });
    expect(noQueue.body).toMatchObject({ error: 'ERR_QUEUE_REQUIRED', message: 'Selecione uma fila' });
    const bad = await t.http().post('/api/tickets').set(adminA.auth).send({ contactId: 'x', status: 'archived' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['contactId', 'status']);
  });

  it('starts a chat only with a number on WhatsApp, keeping what the check found on the contact', async () => {
    // Saved while no connection was connected: never checked.
    const em = t.em().fork();
    const company = em.getReference(Company, a.company.id);
    const outside = em.create(Contact, { company, name: 'Fora do Zap', number: '5511955550000' });
    const unknown = em.create(Contact, { company, name: 'Ainda Não Visto', number: '5511955551111' });
    await em.flush();
    expect([outside.isWhatsappValid, unknown.isWhatsappValid]).toEqual([null, null]);
    const stored = async (id: number) => (await t.http().get(`/api/contacts/${id}`).set(adminA.auth)).body.isWhatsappValid;
    const open = (session: Session, contactId: number) =>
      t.http().post('/api/tickets').set(session.auth).send({ contactId, whatsappId: connectionId, queueId: a.queues[0]!.id, status: 'open' });

    const socket = await connectSocket(t, adminA.token);
    const told = new Promise<{ action: string; contact: { id: number; isWhatsappValid: boolean | null } }>((resolve) =>
      socket.once(`company-${a.company.id}-contact`, resolve),
    );
    const refused = await open(adminA, outside.id);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'ERR_WAPP_INVALID_CONTACT', invalido: true });
    expect(await told).toMatchObject({ action: 'update', contact: { id: outside.id, isWhatsappValid: false } });
    socket.close();
    expect(await stored(outside.id)).toBe(false);
    // Checked again each time (the number may join WhatsApp), for a profile user too; no ticket is left behind.
    expect((await open(userA, outside.id)).body).toMatchObject({ error: 'ERR_WAPP_INVALID_CONTACT' });
    expect(await t.em().count(Ticket, { contact: outside.id }, { filters: false })).toBe(0);
    // Another company's contact: 404 before any check.
    expect((await t.http().post('/api/tickets').set(adminB.auth).send({ contactId: unknown.id, status: 'open' })).status).toBe(404);
    expect(await stored(unknown.id)).toBeNull();

    const started = await open(userA, unknown.id);
    expect(started.status).toBe(201);
    expect(await stored(unknown.id)).toBe(true);
    // The refusal of a second ticket names the queue of the open one, so the browser can tell whether to open it.
    const again = await open(adminA, unknown.id);
    expect(again.status).toBe(409);
    expect(again.body.ticket).toMatchObject({ uuid: started.body.uuid, userId: userA.userId, queueId: a.queues[0]!.id });

    // With no connection connected nothing can be checked: the chat starts as before and the number stays unknown.
    const c = await createTenant(t);
    const cAdmin = await login(t, c.admin.email);
    const cEm = t.em().fork();
    const offline = cEm.create(Whatsapp, { company: cEm.getReference(Company, c.company.id), name: 'Desligada', provider: 'simulator', isDefault: true });
    const cContact = cEm.create(Contact, { company: cEm.getReference(Company, c.company.id), name: 'Sem Verificação', number: '5511966660000' });
    await cEm.flush();
    const unchecked = await t.http().post('/api/tickets').set(cAdmin.auth).send({ contactId: cContact.id, whatsappId: offline.id, status: 'open' });
    expect(unchecked.status).toBe(201);
    expect((await t.http().get(`/api/contacts/${cContact.id}`).set(cAdmin.auth)).body.isWhatsappValid).toBeNull();
  });

  it('finds a ticket by a word inside an old message, and pages with a stable keyset cursor', async () => {
    const ticket = await customerWrites(t, adminA, connectionId, '5511911110007', 'o pedido número abacaxi123 chegou quebrado', 'Zeca');
    for (let i = 0; i < 5; i += 1) await customerWrites(t, adminA, connectionId, '5511911110007', `mensagem ${i}`, 'Zeca');
    const found = await list(adminA, { searchParam: 'abacaxi123', showAll: 'true' });
    expect(found.body.tickets.map((x: { id: number }) => x.id)).toEqual([ticket.id]);
    expect((await list(adminA, { searchParam: 'Zeca', showAll: 'true' })).body.count).toBe(1);
    expect((await list(adminA, { searchParam: '911110007', showAll: 'true' })).body.count).toBe(1);

    for (let i = 0; i < 45; i += 1) await customerWrites(t, adminA, connectionId, `55119200${String(i).padStart(5, '0')}`, `fila ${i}`);
    const first = await list(adminA, { showAll: 'true' });
    expect(first.body.hasMore).toBe(true);
    expect(first.body.tickets).toHaveLength(40);
    // New activity moves tickets to the top; the next page continues after the cursor without repeats.
    await customerWrites(t, adminA, connectionId, '5511920000044', 'nova mensagem');
    const second = await list(adminA, { showAll: 'true', cursor: first.body.cursor });
    const firstIds = new Set(first.body.tickets.map((x: { id: number }) => x.id));
    expect(second.body.tickets.every((x: { id: number }) => !firstIds.has(x.id))).toBe(true);
    expect(firstIds.size + second.body.tickets.length).toBeGreaterThanOrEqual(first.body.count - 1);
    expect((await list(adminA, { cursor: 'not a cursor!' })).status).toBe(400);
  });

  it('lets only admins delete tickets and answers 404 to other companies on every route', async () => {
    const ticket = await customerWrites(t, adminA, connectionId, '5511911110008', 'apagar');
    expect((await t.http().delete(`/api/tickets/${ticket.id}`).set(userA.auth)).status).toBe(403);
    for (const res of [
      await t.http().get(`/api/tickets/${ticket.id}`).set(adminB.auth),
      await t.http().get(`/api/tickets/u/${ticket.uuid}`).set(adminB.auth),
      await put(adminB, ticket.id, { status: 'open' }),
      await t.http().delete(`/api/tickets/${ticket.id}`).set(adminB.auth),
      await t.http().get(`/api/messages/${ticket.id}`).set(adminB.auth),
      await t.http().post(`/api/messages/${ticket.id}`).set(adminB.auth).send({ body: 'x' }),
    ]) {
      expect(res.status).toBe(404);
    }
    expect((await list(adminB, { showAll: 'true' })).body).toMatchObject({ tickets: [], count: 0 });
    expect((await t.http().get('/api/tickets/counts').set(adminB.auth)).body).toEqual({ open: 0, pending: 0 });
    expect((await t.http().delete(`/api/tickets/${ticket.id}`).set(adminA.auth)).status).toBe(204);
    expect((await t.http().get(`/api/tickets/${ticket.id}`).set(adminA.auth)).status).toBe(404);
  });
});
