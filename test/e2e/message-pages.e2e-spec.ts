import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connectedSimulator } from '../utils/channels.js';
import { type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';
import { customerWrites } from '../utils/tickets.js';

interface Page {
  messages: Array<{ id: number; body: string; ticketId: number; createdAt: string }>;
  hasMore: boolean;
  cursor: string | null;
  ticket: { id: number; unreadMessages: number };
}

const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('message pages', () => {
  let t: TestApp;
  let a: TenantFixture;
  let adminA: Session;
  let adminB: Session;
  let connectionId: number;

  const sql = <T>(text: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(text, params);
  /** Rows an UPDATE touched get a new xmin: a read that wrote nothing leaves every one as it was. */
  const versions = async (ticketId: number) =>
    JSON.stringify(
      await sql<{ id: number; xmin: string }>(
        `select id, xmin::text from tickets where id = ? union all select id, xmin::text from messages where ticket_id = ? order by 1, 2`,
        [ticketId, ticketId],
      ),
    );

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, adminA, adminB } = await twoTenants(t));
    connectionId = (await connectedSimulator(t, a.company.id, 'Principal')).id;
  });
  afterAll(() => t.close());

  it('walks a long conversation and its earlier ticket by cursor, each message once and in order, also within one microsecond', async () => {
    const earlier = await customerWrites(t, adminA, connectionId, '5511944440001', 'antes');
    await t.http().put(`/api/tickets/${earlier.id}`).set(adminA.auth).send({ status: 'closed' }).expect(200);
    const ticket = await customerWrites(t, adminA, connectionId, '5511944440001', 'agora');
    // 300 older messages in the current ticket, 40 of them sharing one timestamp to the microsecond, and 30 in the earlier one.
    await sql(
      `insert into messages (company_id, ticket_id, contact_id, whatsapp_id, provider_id, remote_jid, body, from_me, read, created_at, updated_at)
       select t.company_id, t.id, t.contact_id, t.whatsapp_id, 'P' || t.id || '-' || g, 'x@s.whatsapp.net', 'm' || t.id || '-' || g, g % 2 = 0, true, x.at, x.at
         from tickets t, generate_series(1, ?) g
         cross join lateral (select case when g <= 40 then timestamptz '2026-01-01 10:00:00.123456+00'
                                         else timestamptz '2026-01-01 10:00:00+00' + g * interval '1 second' end as at) x
        where t.id = ?`,
      [300, ticket.id],
    );
    await sql(
      `insert into messages (company_id, ticket_id, contact_id, whatsapp_id, provider_id, remote_jid, body, from_me, read, created_at, updated_at)
       select t.company_id, t.id, t.contact_id, t.whatsapp_id, 'P' || t.id || '-' || g, 'x@s.whatsapp.net', 'm' || t.id || '-' || g, false, true,
              timestamptz '2025-12-01 00:00:00+00' + g * interval '1 minute', now()
         from tickets t, generate_series(1, 30) g where t.id = ?`,
      [earlier.id],
    );
    const expected = await sql<{ id: number }>(`select id from messages where ticket_id in (?, ?) order by created_at desc, id desc`, [ticket.id, earlier.id]);

    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await t
        .http()
        .get(`/api/messages/${ticket.id}`)
        .query(cursor ? { cursor } : {})
        .set(adminA.auth);
      expect(res.status).toBe(200);
      const page = res.body as Page;
      expect(page.messages.length).toBeLessThanOrEqual(20);
      // Each page is oldest first; pages go back in time.
      seen.push(...page.messages.map((m) => m.id).reverse());
      expect(page.ticket.id).toBe(ticket.id);
      cursor = page.hasMore ? page.cursor : null;
      pages += 1;
    } while (cursor && pages < 100);
    expect(seen).toEqual(expected.map((r) => r.id));
    expect(pages).toBe(Math.ceil(expected.length / 20));
  });

  it('does not write when nothing is unread, and marks unread messages read when there are some', async () => {
    const ticket = await customerWrites(t, adminA, connectionId, '5511944440002', 'oi, tudo bem?');
    expect(ticket.unreadMessages).toBe(1);
    const first = await t.http().get(`/api/messages/${ticket.id}`).set(adminA.auth).expect(200);
    expect(first.body.ticket.unreadMessages).toBe(0);
    const state = await sql<{ unread_messages: number; unread: number }>(
      `select t.unread_messages, (select count(*)::int from messages m where m.ticket_id = t.id and not m.read) as unread from tickets t where t.id = ?`,
      [ticket.id],
    );
    expect(state[0]).toEqual({ unread_messages: 0, unread: 0 });

    const before = await versions(ticket.id);
    for (let i = 0; i < 3; i += 1) await t.http().get(`/api/messages/${ticket.id}`).set(adminA.auth).expect(200);
    expect(await versions(ticket.id)).toBe(before);
  });

  it('answers 404 for a ticket of another company, with or without a cursor', async () => {
    const ticket = await customerWrites(t, adminA, connectionId, '5511944440003', 'só da empresa A');
    const other = await t.http().get(`/api/messages/${ticket.id}`).set(adminB.auth);
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain('só da empresa A');
    const withCursor = await t
      .http()
      .get(`/api/messages/${ticket.id}`)
      .query({ cursor: cursorOf(['2030-01-01T00:00:00.000000Z', 2 ** 30]) })
      .set(adminB.auth);
    expect(withCursor.status).toBe(404);
  });

  it('refuses a malformed cursor with 400', async () => {
    const ticket = await customerWrites(t, adminA, connectionId, '5511944440004', 'cursor');
    for (const cursor of [
      'not a cursor!',
      cursorOf('plain'),
      cursorOf(['not a date', 1]),
      cursorOf(['2026-01-01T00:00:00Z', 1.5]),
      cursorOf(['1', 1]),
      'e30',
    ]) {
      const res = await t.http().get(`/api/messages/${ticket.id}`).query({ cursor }).set(adminA.auth);
      expect({ cursor, status: res.status }).toEqual({ cursor, status: 400 });
    }
  });
});
