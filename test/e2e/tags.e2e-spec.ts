import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TicketsRepository } from '../../src/modules/tickets/tickets.repository.js';
import { Ticket } from '../../src/modules/tickets/ticket.entity.js';
import { connectedSimulator, drainPipeline } from '../utils/channels.js';
import { createUser, login, type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { connectSocket } from '../utils/sockets.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';

interface TagBody {
  id: number;
  name: string;
  color: string;
  kanban: 0 | 1;
  userId: number | null;
  ticketsCount: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('tags', () => {
  let t: TestApp;
  let a: TenantFixture;
  let b: TenantFixture;
  let adminA: Session;
  let userA: Session;
  let supervisorA: Session;
  let adminB: Session;
  let urgent: TagBody;
  let sales: TagBody;
  let tickets: Ticket[];

  const create = (session: Session, body: Record<string, unknown>) => t.http().post('/api/tags').set(session.auth).send(body);
  const update = (session: Session, id: number, body: Record<string, unknown>) => t.http().put(`/api/tags/${id}`).set(session.auth).send(body);
  const sync = (session: Session, ticketId: number, tagIds: number[]) =>
    t
      .http()
      .post('/api/tags/sync')
      .set(session.auth)
      .send({ ticketId, tags: tagIds.map((id) => ({ id })) });
  const list = (session: Session, query: Record<string, unknown> = {}) => t.http().get('/api/tags').query(query).set(session.auth);
  const countsOf = async (session: Session) => Object.fromEntries(((await list(session)).body.tags as TagBody[]).map((tag) => [tag.name, tag.ticketsCount]));

  /** Two customers write in: two pending tickets without a queue. */
  async function inboundTickets(): Promise<Ticket[]> {
    const connection = await connectedSimulator(t, a.company.id);
    for (const [from, name] of [
      ['5511911110001', 'Cliente Um'],
      ['5511911110002', 'Cliente Dois'],
    ]) {
      await t.http().post(`/api/dev/simulator/${connection.id}/inbound`).set(adminA.auth).send({ from, name, body: 'Olá' }).expect(202);
    }
    await drainPipeline(t);
    return t.em().find(Ticket, { company: a.company.id }, { filters: false, orderBy: { id: 'ASC' } });
  }

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, b, adminA, userA, adminB } = await twoTenants(t));
    supervisorA = await login(t, (await createUser(t, a.company, 'supervisor')).email);
    tickets = await inboundTickets();
  });
  afterAll(() => t.close());

  it('creates a tag with a normalised colour and tells only its company', async () => {
    const socketA = await connectSocket(t, userA.token);
    const socketB = await connectSocket(t, adminB.token);
    const leaked: string[] = [];
    socketB.onAny((event: string) => leaked.push(event));
    const received = new Promise<unknown>((resolve) => socketA.once(`company-${a.company.id}-tag`, resolve));

    const res = await create(adminA, { name: '  Urgente ', color: 'd32f2f', kanban: 1 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Urgente',
      color: '#D32F2F',
      kanban: 1,
      userId: a.admin.id,
      ticketsCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    urgent = res.body;
    expect(await received).toEqual({ action: 'create', tag: res.body });
    await sleep(200);
    expect(leaked).toEqual([]);
    socketA.close();
    socketB.close();

    expect((await t.http().get(`/api/tags/${urgent.id}`).set(userA.auth)).body).toEqual(res.body);
  });

  it('lets every profile manage tags but only admins and supervisors change the kanban flag', async () => {
    const refused = await create(userA, { name: 'Lane', color: '#123456', kanban: true });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');

    const own = await create(userA, { name: 'Vendas', color: '#2E7D32', kanban: 0, userId: 999 });
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({ kanban: 0, userId: a.user.id });
    sales = own.body;

    expect((await update(userA, sales.id, { name: 'Vendas B2B', kanban: 0 })).status).toBe(200);
    expect((await update(userA, urgent.id, { color: '#C62828', kanban: 1 })).status).toBe(200);
    const toggle = await update(userA, sales.id, { kanban: 1 });
    expect(toggle.status).toBe(403);
    expect(toggle.body.error).toBe('ERR_NO_PERMISSION');

    const bySupervisor = await update(supervisorA, sales.id, { kanban: 1 });
    expect(bySupervisor.status).toBe(200);
    expect(bySupervisor.body).toMatchObject({ name: 'Vendas B2B', kanban: 1 });
    sales = (await update(adminA, sales.id, { name: 'Vendas', kanban: false })).body;
    expect(sales).toMatchObject({ name: 'Vendas', kanban: 0 });

    const temporary = await create(userA, { name: 'Temporária', color: '#abc' });
    expect(temporary.body.color).toBe('#ABC');
    expect((await t.http().delete(`/api/tags/${temporary.body.id}`).set(userA.auth)).status).toBe(204);
    const gone = await t.http().get(`/api/tags/${temporary.body.id}`).set(userA.auth);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('ERR_NO_TAG_FOUND');
  });

  it('answers 400 with the offending fields and 409 for a name the company already has', async () => {
    const bad = await create(adminA, { name: 'ab', color: 'red', kanban: 'yes', extra: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['color', 'extra', 'kanban', 'name']);
    const long = await update(adminA, urgent.id, { name: 'x'.repeat(51), color: null });
    expect(long.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['color', 'name']);

    const taken = await create(userA, { name: 'Urgente', color: '#000000' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('ERR_TAG_NAME_EXISTS');
    expect((await update(adminA, sales.id, { name: 'Urgente' })).body.error).toBe('ERR_TAG_NAME_EXISTS');
    expect((await create(adminB, { name: 'Urgente', color: '#000000' })).status).toBe(201);
  });

  it('lists with search in both dialects, and every tag by name for selects', async () => {
    for (const name of ['Aguardando', 'Retorno']) expect((await create(adminA, { name, color: '#445566' })).status).toBe(201);

    const all = await list(userA, { pageNumber: 1 });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ count: 4, hasMore: false });
    expect(all.body.tags.map((tag: TagBody) => tag.name)).toEqual(['Aguardando', 'Retorno', 'Urgente', 'Vendas']);
    expect((await list(userA, { searchParam: 'ENT' })).body.tags.map((tag: TagBody) => tag.name)).toEqual(['Urgente']);

    const ra = await list(adminA, { range: '[0,1]', sort: '["name","DESC"]', filter: '{"kanban":true}' });
    expect(ra.headers['content-range']).toBe('tags 0-0/1');
    expect(ra.body.map((tag: TagBody) => tag.name)).toEqual(['Urgente']);

    const select = await t.http().get('/api/tags/list').set(userA.auth);
    expect(select.body).toEqual([
      { id: expect.any(Number), name: 'Aguardando', color: '#445566', kanban: 0 },
      { id: expect.any(Number), name: 'Retorno', color: '#445566', kanban: 0 },
      { id: urgent.id, name: 'Urgente', color: '#C62828', kanban: 1 },
      { id: sales.id, name: 'Vendas', color: '#2E7D32', kanban: 0 },
    ]);
    expect((await t.http().get('/api/tags/list?kanban=1').set(userA.auth)).body.map((tag: TagBody) => tag.name)).toEqual(['Urgente']);
    expect((await t.http().get('/api/tags/list?kanban=2').set(userA.auth)).status).toBe(400);
  });

  it('replaces the tags of a ticket, counts tickets per tag and tells only the company', async () => {
    const [first, second] = tickets as [Ticket, Ticket];
    const socketA = await connectSocket(t, adminA.token);
    const socketB = await connectSocket(t, adminB.token);
    const leaked: string[] = [];
    socketB.onAny((event: string) => leaked.push(event));
    const received = new Promise<unknown>((resolve) => socketA.once(`company-${a.company.id}-tag`, resolve));

    const res = await sync(adminA, first.id, [sales.id, urgent.id, sales.id]);
    expect(res.status).toBe(200);
    const both = [
      { id: urgent.id, name: 'Urgente', color: '#C62828' },
      { id: sales.id, name: 'Vendas', color: '#2E7D32' },
    ];
    expect(res.body).toEqual({ ticketId: first.id, tags: both });
    expect(await received).toEqual({ action: 'sync', ticketId: first.id, tags: both });
    await sleep(200);
    expect(leaked).toEqual([]);
    socketA.close();
    socketB.close();

    expect((await sync(adminA, second.id, [urgent.id])).status).toBe(200);
    expect(await countsOf(userA)).toEqual({ Aguardando: 0, Retorno: 0, Urgente: 2, Vendas: 1 });
    expect((await t.http().get(`/api/tags/${urgent.id}`).set(userA.auth)).body.ticketsCount).toBe(2);

    expect((await sync(adminA, first.id, [sales.id])).body.tags).toEqual([{ id: sales.id, name: 'Vendas', color: '#2E7D32' }]);
    expect(await countsOf(userA)).toEqual({ Aguardando: 0, Retorno: 0, Urgente: 1, Vendas: 1 });

    // The tickets module reads the tags of a page of tickets in one query, within the company it is asked for.
    const tagsOf = (companyId: number) => t.app.get(TicketsRepository).tagsOfTickets(companyId, [first.id, second.id]);
    const map = await tagsOf(a.company.id);
    expect(map.get(first.id)).toEqual([{ id: sales.id, name: 'Vendas', color: '#2E7D32' }]);
    expect(map.get(second.id)).toEqual([{ id: urgent.id, name: 'Urgente', color: '#C62828' }]);
    expect([...(await tagsOf(b.company.id)).values()]).toEqual([[], []]);
  });

  it('lets a profile user sync only tickets they can open', async () => {
    const [first] = tickets as [Ticket];
    const refused = await sync(userA, first.id, [urgent.id]);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');

    await t.em().getConnection().execute('update tickets set queue_id = ? where id = ?', [a.queues[0]!.id, first.id]);
    expect((await sync(userA, first.id, [urgent.id, sales.id])).status).toBe(200);
    expect((await sync(userA, first.id, [])).body).toEqual({ ticketId: first.id, tags: [] });
    expect(await countsOf(adminA)).toMatchObject({ Urgente: 1, Vendas: 0 });

    const bad = await t
      .http()
      .post('/api/tags/sync')
      .set(userA.auth)
      .send({ ticketId: 'x', tags: [{ id: 0 }] });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['tags.0.id', 'ticketId']);
  });

  it('hides every tag and ticket of another company: 404 on ids, nothing in lists or counts', async () => {
    for (const res of [
      await t.http().get(`/api/tags/${urgent.id}`).set(adminB.auth),
      await update(adminB, urgent.id, { name: 'Tomada' }),
      await t.http().delete(`/api/tags/${urgent.id}`).set(adminB.auth),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('ERR_NO_TAG_FOUND');
    }
    const listB = await list(adminB);
    expect(listB.body).toMatchObject({ count: 1, tags: [{ name: 'Urgente', ticketsCount: 0 }] });
    expect(listB.body.tags[0].id).not.toBe(urgent.id);
    expect((await t.http().get('/api/tags/list').set(adminB.auth)).body.map((tag: TagBody) => tag.id)).toEqual([listB.body.tags[0].id]);

    const foreignTicket = await sync(adminB, tickets[0]!.id, [listB.body.tags[0].id]);
    expect(foreignTicket.status).toBe(404);
    expect(foreignTicket.body.error).toBe('ERR_NO_TICKET_FOUND');
    const foreignTag = await sync(adminA, tickets[1]!.id, [urgent.id, listB.body.tags[0].id]);
    expect(foreignTag.status).toBe(404);
    expect(foreignTag.body.error).toBe('ERR_NO_TAG_FOUND');
    expect(await countsOf(adminA)).toMatchObject({ Urgente: 1 });
  });

  it('deletes a tag with its ticket links and emits the id', async () => {
    const socket = await connectSocket(t, adminA.token);
    const received = new Promise<unknown>((resolve) => socket.once(`company-${a.company.id}-tag`, resolve));
    expect((await t.http().delete(`/api/tags/${urgent.id}`).set(adminA.auth)).status).toBe(204);
    expect(await received).toEqual({ action: 'delete', tagId: urgent.id });
    socket.close();
    const [{ links }] = (await t.em().getConnection().execute('select count(*)::int as links from ticket_tags where tag_id = ?', [urgent.id])) as Array<{
      links: number;
    }>;
    expect(links).toBe(0);
  });
});
