import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connectedSimulator } from '../utils/channels.js';
import { type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';
import { customerWrites } from '../utils/tickets.js';

interface Page {
  tickets: Array<{ id: number; status: string }>;
  hasMore: boolean;
  count: number;
  countCapped?: boolean;
  cursor: string | null;
}

describe('ticket lists: counters, keyset pages, search', () => {
  let t: TestApp;
  let a: TenantFixture;
  let b: TenantFixture;
  let adminA: Session;
  let userA: Session;
  let adminB: Session;
  let connectionId: number;

  const sql = <T>(text: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(text, params);
  const list = (session: Session, query: Record<string, unknown>) => t.http().get('/api/tickets').query(query).set(session.auth);
  const put = (session: Session, id: number, body: Record<string, unknown>) => t.http().put(`/api/tickets/${id}`).set(session.auth).send(body).expect(200);

  /** Every page by cursor: the ids in the order served. */
  async function walk(session: Session, query: Record<string, unknown>): Promise<number[]> {
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let guard = 0; guard < 100; guard++) {
      const res = await list(session, { ...query, ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      const page = res.body as Page;
      seen.push(...page.tickets.map((ticket) => ticket.id));
      if (!page.hasMore) return seen;
      cursor = page.cursor;
      expect(cursor).toEqual(expect.any(String));
    }
    throw new Error('more than 100 pages');
  }

  /** The counters equal a fresh count of the tickets, for every company and position. */
  async function expectCountersExact(): Promise<void> {
    const drift = await sql<{ n: number }>(
      `select count(*)::int as n from (
         select company_id, status, queue_id, user_id, sum(tickets) as n from ticket_counters group by 1, 2, 3, 4 having sum(tickets) <> 0
         except
         select company_id, status, queue_id, user_id, count(*) from tickets group by 1, 2, 3, 4) d`,
    );
    const missing = await sql<{ n: number }>(
      `select count(*)::int as n from (
         select company_id, status, queue_id, user_id, count(*) as n from tickets group by 1, 2, 3, 4
         except
         select company_id, status, queue_id, user_id, sum(tickets) from ticket_counters group by 1, 2, 3, 4) d`,
    );
    expect([drift[0]!.n, missing[0]!.n]).toEqual([0, 0]);
  }

  /** The tab badges and each tab's count equal what the tab lists, for this viewer. */
  async function expectCountsMatchLists(session: Session, showAll: boolean): Promise<void> {
    const counts = await t.http().get('/api/tickets/counts').query({ showAll }).set(session.auth).expect(200);
    for (const status of ['open', 'pending', 'closed'] as const) {
      const ids = await walk(session, { status, showAll });
      const first = (await list(session, { status, showAll })).body as Page;
      expect({ status, count: first.count, capped: first.countCapped }).toEqual({ status, count: ids.length, capped: false });
      if (status !== 'closed') expect({ status, badge: counts.body[status] }).toEqual({ status, badge: ids.length });
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, b, adminA, userA, adminB } = await twoTenants(t));
    connectionId = (await connectedSimulator(t, a.company.id, 'Principal')).id;
  });
  afterAll(() => t.close());

  it('keeps the counts exact through accept, transfer, close, reopen, delete and the cascades of queues and contacts', async () => {
    const first = await customerWrites(t, adminA, connectionId, '5511977770001', 'Oi', 'Ana');
    const second = await customerWrites(t, adminA, connectionId, '5511977770002', 'Bom dia', 'Bia');
    const third = await customerWrites(t, adminA, connectionId, '5511977770003', 'Olá', 'Cid');
    await expectCountersExact();
    await expectCountsMatchLists(adminA, true);

    await put(adminA, first.id, { status: 'open', userId: a.admin.id }); // accept
    await put(adminA, second.id, { queueId: a.queues[0]!.id, userId: null }); // transfer to the attendant's queue
    await expectCountersExact();
    await expectCountsMatchLists(adminA, true);
    await expectCountsMatchLists(userA, false);

    await put(adminA, second.id, { status: 'open', userId: userA.userId }); // transfer to a person
    await put(adminA, first.id, { status: 'closed' }); // close
    await expectCountersExact();
    await expectCountsMatchLists(adminA, false);
    await expectCountsMatchLists(userA, false);

    await put(adminA, first.id, { status: 'open', userId: a.admin.id }); // reopen
    await t.http().delete(`/api/tickets/${third.id}`).set(adminA.auth).expect(204); // delete
    await expectCountersExact();
    await expectCountsMatchLists(adminA, true);

    // Written by the database itself: ON DELETE SET NULL of a queue, cascade of a contact.
    await sql('delete from queues where id = ?', [a.queues[0]!.id]);
    await sql('delete from contacts where id = (select contact_id from tickets where id = ?)', [first.id]);
    await expectCountersExact();
    await expectCountsMatchLists(adminA, true);
    await expectCountsMatchLists(userA, false);

    // The other company sees none of it.
    expect((await t.http().get('/api/tickets/counts').query({ showAll: true }).set(adminB.auth)).body).toEqual({ open: 0, pending: 0 });
    expect((await list(adminB, { status: 'open', showAll: true })).body).toMatchObject({ tickets: [], count: 0, hasMore: false });
  });

  it('serves every ticket exactly once across cursor pages, also on equal times, and keeps pageNumber working', async () => {
    // 130 closed tickets in A, many sharing one last-message time (the id breaks the tie), and 50 in B.
    const seed = (companyId: number, count: number, prefix: string) =>
      sql(
        `with c as (
           insert into contacts (company_id, name, number) select ?, 'Lote ' || g, ? || lpad(g::text, 5, '0') from generate_series(1, ?) g returning id)
         insert into tickets (company_id, status, contact_id, protocol, last_message_at)
         select ?, 'closed', c.id, 'P' || c.id, timestamptz '2026-01-01' + ((c.id % 7) * interval '1 minute') from c`,
        [companyId, prefix, count, companyId],
      );
    await seed(a.company.id, 130, '55119666');
    await seed(b.company.id, 50, '55119555');
    const expected = (await sql<{ id: number }>(`select id from tickets where company_id = ? and status = 'closed'`, [a.company.id])).map((r) => r.id);

    const served = await walk(adminA, { status: 'closed', showAll: true });
    expect(served.length).toBe(new Set(served).size);
    expect([...served].sort((x, y) => x - y)).toEqual([...expected].sort((x, y) => x - y));

    // The list of every status (three index ranges merged) pages the same way.
    const everything = await walk(adminA, { showAll: true });
    const all = (await sql<{ id: number }>('select id from tickets where company_id = ?', [a.company.id])).map((r) => r.id);
    expect(everything.length).toBe(new Set(everything).size);
    expect([...everything].sort((x, y) => x - y)).toEqual([...all].sort((x, y) => x - y));

    // pageNumber (the spec's dialect) serves the same pages as the cursor.
    const byNumber: number[] = [];
    for (let pageNumber = 1; pageNumber <= 4; pageNumber++) {
      byNumber.push(...((await list(adminA, { status: 'closed', showAll: true, pageNumber })).body as Page).tickets.map((x) => x.id));
    }
    expect(byNumber).toEqual(served);

    // A cursor is only a position: B following A's cursor still sees B's tickets only.
    const aPage = (await list(adminA, { status: 'closed', showAll: true })).body as Page;
    const bIds = await walk(adminB, { status: 'closed', showAll: true, cursor: aPage.cursor });
    const bOwn = new Set((await sql<{ id: number }>('select id from tickets where company_id = ?', [b.company.id])).map((r) => r.id));
    expect(bIds.every((id) => bOwn.has(id))).toBe(true);
    expect((await list(adminB, { status: 'closed', showAll: true })).body.count).toBe(50);
  });

  it('refuses a cursor it did not make with a 400 naming the field', async () => {
    for (const cursor of ['abc', Buffer.from('["not a date", 3]').toString('base64url'), Buffer.from('{"a":1}').toString('base64url'), 'has space']) {
      const res = await list(adminA, { status: 'open', cursor });
      expect({ cursor, status: res.status }).toEqual({ cursor, status: 400 });
      expect(res.body.fields.map((f: { field: string }) => f.field)).toEqual(['cursor']);
    }
  });

  it('finds tickets by message text, contact name or number from their own indexes, with a capped count', async () => {
    await customerWrites(t, adminA, connectionId, '5511944440001', 'quero falar do boleto jabuticaba', 'Dora');
    await customerWrites(t, adminA, connectionId, '5511944440002', 'oi', 'Jabuticaba Silva');
    await customerWrites(t, adminA, connectionId, '5511944440003', 'oi', 'Eva');
    const found = (await list(adminA, { searchParam: 'jabuticaba', showAll: true })).body as Page;
    expect(found).toMatchObject({ count: 2, countCapped: false, hasMore: false });
    expect(found.tickets).toHaveLength(2);
    expect(((await list(adminA, { searchParam: '944440003', showAll: true })).body as Page).count).toBe(1);
    expect(((await list(adminA, { searchParam: 'jabuticaba', status: 'closed', showAll: true })).body as Page).count).toBe(0);
    expect(((await list(adminB, { searchParam: 'jabuticaba', showAll: true })).body as Page).count).toBe(0);

    // Beyond 1,000 matches the count stops and says so; pages still come by cursor.
    await sql(
      `with c as (insert into contacts (company_id, name, number) select ?, 'Pitanga ' || g, '55119333' || lpad(g::text, 5, '0') from generate_series(1, 1050) g returning id)
       insert into tickets (company_id, status, contact_id, protocol) select ?, 'closed', c.id, 'Q' || c.id from c`,
      [a.company.id, a.company.id],
    );
    const many = (await list(adminA, { searchParam: 'pitanga', showAll: true })).body as Page;
    expect(many).toMatchObject({ count: 1000, countCapped: true, hasMore: true });
    expect(many.tickets).toHaveLength(40);
    expect(await walk(adminA, { searchParam: 'pitanga', showAll: true })).toHaveLength(1050);
    await expectCountersExact();
  });

  it('pages a common word by walking the list, and a word of many messages in few tickets exactly', async () => {
    // 1,100 tickets with two matching messages each: over the message cap, over a thousand tickets kept.
    await sql(
      `with c as (insert into contacts (company_id, name, number) select ?, 'Comum ' || g, '55119222' || lpad(g::text, 5, '0') from generate_series(1, 1100) g returning id),
            t as (insert into tickets (company_id, status, contact_id, protocol, last_message_at)
                  select ?, 'closed', c.id, 'R' || c.id, timestamptz '2025-06-01' + (c.id % 13) * interval '1 second' from c returning id, company_id, contact_id)
       insert into messages (company_id, ticket_id, contact_id, provider_id, remote_jid, body)
       select t.company_id, t.id, t.contact_id, 'goiaba-' || t.id || '-' || k, 'x', 'doce de goiaba ' || k from t, generate_series(1, 2) k`,
      [a.company.id, a.company.id],
    );
    const first = (await list(adminA, { searchParam: 'goiaba', showAll: true })).body as Page;
    expect(first).toMatchObject({ count: 1000, countCapped: true, hasMore: true });
    const served = await walk(adminA, { searchParam: 'goiaba', showAll: true });
    expect([served.length, new Set(served).size]).toEqual([1100, 1100]);
    expect(((await list(adminA, { searchParam: 'goiaba', status: 'open', showAll: true })).body as Page).count).toBe(0);
    expect(((await list(userA, { searchParam: 'goiaba' })).body as Page).tickets).toEqual([]);

    // 2,100 messages in three tickets: all of them are read, the count is exact.
    const few = (await sql<{ id: number }>(`select id from tickets where company_id = ? and protocol like 'R%' order by id limit 3`, [a.company.id])).map(
      (r) => r.id,
    );
    await sql(
      `insert into messages (company_id, ticket_id, contact_id, provider_id, remote_jid, body)
       select t.company_id, t.id, t.contact_id, 'caju-' || t.id || '-' || k, 'x', 'suco de caju ' || k from tickets t, generate_series(1, 700) k where t.id = any(?::int[])`,
      [`{${few.join(',')}}`],
    );
    const cashew = (await list(adminA, { searchParam: 'caju', showAll: true })).body as Page;
    expect(cashew).toMatchObject({ count: 3, countCapped: false, hasMore: false });
    expect(cashew.tickets.map((x) => x.id).sort((x, y) => x - y)).toEqual(few);
  });
});
