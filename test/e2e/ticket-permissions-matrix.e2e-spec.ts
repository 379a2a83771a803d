import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Socket } from 'socket.io-client';
import { Company } from '../../src/modules/companies/company.entity.js';
import { Contact } from '../../src/modules/contacts/contact.entity.js';
import { Queue } from '../../src/modules/queues/queue.entity.js';
import { Ticket, type TicketStatus } from '../../src/modules/tickets/ticket.entity.js';
import { User } from '../../src/modules/users/user.entity.js';
import type { Profile } from '../../src/shared/permissions.js';
import { waitFor } from '../utils/channels.js';
import { createUser, login, type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { connectSocket } from '../utils/sockets.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';
import { TIME_FACTOR } from '../utils/time.js';

/**
 * Ticket visibility, role × ticket (core-attendant §6, ARCHITECTURE §5; the table in src/shared/permissions.ts):
 * the list (GET /api/tickets, pages and keyset cursor, and the tab counts), the record (GET /api/tickets/{id} and
 * /u/{uuid}, GET /api/messages/{ticketId}) and the socket room join agree with the expected table below, written
 * from the spec and not from the rules under test.
 */

type Kind = 'admin' | 'supervisor' | 'supervisorAll' | 'user' | 'userAll';
type Relation = { owner: 'me' | 'other' | 'nobody'; queue: 'mine' | 'other' | 'none'; status: TicketStatus };
/** `list`: the default tabs; `showAll`: the tabs with "show all" asked (a list switch, honoured for admins only). */
type Mode = 'read' | 'list' | 'showAll';

const VIEWERS: Record<Kind, { profile: Profile; allTicket: boolean }> = {
  admin: { profile: 'admin', allTicket: false },
  supervisor: { profile: 'supervisor', allTicket: false },
  supervisorAll: { profile: 'supervisor', allTicket: true },
  user: { profile: 'user', allTicket: false },
  userAll: { profile: 'user', allTicket: true },
};

function expected(kind: Kind, mode: Mode, t: Relation): boolean {
  const { profile, allTicket } = VIEWERS[kind];
  const own = t.owner === 'me';
  if (profile === 'admin') {
    // Admins open any ticket of their company; their default lists are their own, their queues' and unqueued ones.
    if (mode !== 'list') return true;
    return own || t.queue === 'mine' || t.queue === 'none';
  }
  // Everyone else: lists and record agree, and "show all" changes nothing.
  if (profile === 'supervisor') return own || t.queue === 'mine' || (t.queue === 'none' && allTicket);
  const pending = t.status === 'pending';
  return own || (pending && t.queue === 'mine') || (pending && t.queue === 'none' && allTicket);
}

interface Made {
  id: number;
  uuid: string;
  status: TicketStatus;
  ownerId: number | null;
  queueId: number | null;
}

const STATUSES: TicketStatus[] = ['pending', 'open', 'closed'];
const deadline = 5000 * TIME_FACTOR;

describe('ticket permissions matrix', () => {
  let t: TestApp;
  let a: TenantFixture;
  let adminB: Session;
  let queueMine: number;
  let queueOther: number;
  const viewers = {} as Record<Kind, { id: number; session: Session }>;
  const tickets: Made[] = [];

  const relation = (kind: Kind, ticket: Made): Relation => ({
    owner: ticket.ownerId === viewers[kind].id ? 'me' : ticket.ownerId === null ? 'nobody' : 'other',
    queue: ticket.queueId === queueMine ? 'mine' : ticket.queueId === null ? 'none' : 'other',
    status: ticket.status,
  });
  const describeTicket = (kind: Kind, ticket: Made) => {
    const r = relation(kind, ticket);
    return `#${ticket.id} owner=${r.owner} queue=${r.queue} ${r.status}`;
  };
  const expectedIds = (kind: Kind, mode: Mode, status?: TicketStatus) =>
    tickets
      .filter((x) => (!status || x.status === status) && expected(kind, mode, relation(kind, x)))
      .map((x) => x.id)
      .sort((p, q) => p - q);
  const ours = (ids: number[]) => {
    const known = new Set(tickets.map((x) => x.id));
    return ids.filter((id) => known.has(id)).sort((p, q) => p - q);
  };
  /** Closes a socket and waits until the server has handled the disconnect (the user shows offline). */
  const closeSocket = async (socket: Socket, userId: number) => {
    socket.close();
    await waitFor(async () => !(await t.em().findOneOrFail(User, userId, { filters: false })).online, deadline);
  };
  const listIds = async (session: Session, query: Record<string, unknown>) => {
    const res = await t.http().get('/api/tickets').query(query).set(session.auth);
    expect(res.status).toBe(200);
    return res.body as { tickets: Array<{ id: number }>; hasMore: boolean; cursor: string | null; count: number };
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, adminB } = await twoTenants(t));
    queueMine = a.queues[0]!.id;
    queueOther = a.queues[1]!.id;
    const em = t.em();

    // Every viewer works queue "mine"; a colleague owns the "other user's" tickets.
    const colleague = await createUser(t, a.company, 'user');
    for (const [kind, { profile, allTicket }] of Object.entries(VIEWERS) as Array<[Kind, (typeof VIEWERS)[Kind]]>) {
      const user = await createUser(t, a.company, profile, { allTicket: allTicket ? 'enabled' : 'desabled' });
      const row = await em.findOneOrFail(User, user.id, { filters: false, populate: ['queues'] });
      row.queues.set([em.getReference(Queue, queueMine)]);
      await em.flush();
      viewers[kind] = { id: user.id, session: await login(t, user.email) };
    }

    // Owners: each viewer, the colleague, nobody; queues: mine, other, none; every status.
    const owners = [...Object.values(viewers).map((v) => v.id), colleague.id, null];
    const company = em.getReference(Company, a.company.id);
    let sequence = 0;
    const made: Array<{ ticket: Ticket; ownerId: number | null; queueId: number | null }> = [];
    for (const ownerId of owners) {
      for (const queueId of [queueMine, queueOther, null]) {
        for (const status of STATUSES) {
          sequence += 1;
          const contact = em.create(Contact, { company, name: `Matriz ${sequence}`, number: `55119770${String(sequence).padStart(5, '0')}` });
          const ticket = em.create(Ticket, {
            company,
            contact,
            status,
            user: ownerId === null ? null : em.getReference(User, ownerId),
            queue: queueId === null ? null : em.getReference(Queue, queueId),
            protocol: `M${sequence}`,
          });
          made.push({ ticket, ownerId, queueId });
        }
      }
    }
    await em.flush();
    for (const { ticket, ownerId, queueId } of made) tickets.push({ id: ticket.id, uuid: ticket.uuid, status: ticket.status, ownerId, queueId });
  });

  afterAll(() => t.close());

  it('covers every relation for every viewer', () => {
    for (const kind of Object.keys(VIEWERS) as Kind[]) {
      const seen = new Set(tickets.map((x) => JSON.stringify(relation(kind, x))));
      expect(seen.size).toBe(3 * 3 * 3);
    }
  });

  it('lists exactly the tickets of the table, per status tab, through the keyset cursor and in the tab counts', async () => {
    const mismatches: string[] = [];
    for (const kind of Object.keys(VIEWERS) as Kind[]) {
      const { session } = viewers[kind];
      for (const mode of ['list', 'showAll'] as const) {
        const showAll = mode === 'showAll' ? 'true' : 'false';
        for (const status of STATUSES) {
          const page = await listIds(session, { status, showAll, pageNumber: 1 });
          const got = ours(page.tickets.map((x) => x.id));
          if (JSON.stringify(got) !== JSON.stringify(expectedIds(kind, mode, status))) {
            mismatches.push(`${kind} ${mode} ${status}: got ${got.join(',')} expected ${expectedIds(kind, mode, status).join(',')}`);
          }
          // Tenant A holds only the matrix's tickets, so the page's count is theirs too.
          if (page.count !== expectedIds(kind, mode, status).length) mismatches.push(`${kind} ${mode} ${status}: count ${page.count}`);
        }
        // Every status at once, walking the keyset cursor (more than one page for admins with show all).
        const walked: number[] = [];
        let cursor: string | null = null;
        do {
          const page: Awaited<ReturnType<typeof listIds>> = await listIds(session, cursor ? { showAll, cursor } : { showAll });
          walked.push(...page.tickets.map((x) => x.id));
          cursor = page.hasMore ? page.cursor : null;
        } while (cursor);
        if (JSON.stringify(ours(walked)) !== JSON.stringify(expectedIds(kind, mode))) mismatches.push(`${kind} ${mode} walk: got ${ours(walked).join(',')}`);
        const counts = await t.http().get('/api/tickets/counts').query({ showAll }).set(session.auth);
        const want = { open: expectedIds(kind, mode, 'open').length, pending: expectedIds(kind, mode, 'pending').length };
        if (JSON.stringify(counts.body) !== JSON.stringify(want))
          mismatches.push(`${kind} ${mode} counts: got ${JSON.stringify(counts.body)} expected ${JSON.stringify(want)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it(
    'opens exactly the tickets of the table by id, by uuid and through their messages',
    async () => {
      const mismatches: string[] = [];
      for (const kind of Object.keys(VIEWERS) as Kind[]) {
        const { session } = viewers[kind];
        for (const ticket of tickets) {
          const want = expected(kind, 'read', relation(kind, ticket)) ? 200 : 403;
          const answers = await Promise.all([
            t.http().get(`/api/tickets/${ticket.id}`).set(session.auth),
            t.http().get(`/api/tickets/u/${ticket.uuid}`).set(session.auth),
            t.http().get(`/api/messages/${ticket.id}`).set(session.auth),
          ]);
          const got = answers.map((res) => res.status);
          if (got.some((status) => status !== want)) mismatches.push(`${kind} ${describeTicket(kind, ticket)}: got ${got.join('/')} expected ${want}`);
          for (const res of answers) if (res.status === 403) expect(res.body).toMatchObject({ error: 'ERR_NO_PERMISSION', message: 'Acesso não permitido' });
        }
      }
      expect(mismatches).toEqual([]);
    },
    120_000 * TIME_FACTOR,
  );

  it('lets a socket join exactly the ticket rooms of the table', async () => {
    const mismatches: string[] = [];
    for (const kind of Object.keys(VIEWERS) as Kind[]) {
      const socket = await connectSocket(t, viewers[kind].session.token);
      for (const ticket of tickets) {
        const answer = (await socket.timeout(deadline).emitWithAck('joinChatBox', ticket.id)) as { ok: boolean };
        const want = expected(kind, 'read', relation(kind, ticket));
        if (answer.ok !== want) mismatches.push(`${kind} ${describeTicket(kind, ticket)}: joined=${answer.ok} expected ${want}`);
      }
      await closeSocket(socket, viewers[kind].id);
    }
    expect(mismatches).toEqual([]);
  });

  it('answers 404 to another company on the record routes and never lists or joins its tickets', async () => {
    const socket = await connectSocket(t, adminB.token);
    for (const ticket of tickets.filter((_, index) => index % 9 === 0)) {
      expect((await t.http().get(`/api/tickets/${ticket.id}`).set(adminB.auth)).status).toBe(404);
      expect((await t.http().get(`/api/tickets/u/${ticket.uuid}`).set(adminB.auth)).status).toBe(404);
      expect((await t.http().get(`/api/messages/${ticket.id}`).set(adminB.auth)).status).toBe(404);
      expect(await socket.timeout(deadline).emitWithAck('joinChatBox', ticket.id)).toEqual({ ok: false });
    }
    await closeSocket(socket, adminB.userId);
    for (const showAll of ['true', 'false']) {
      const page = await listIds(adminB, { showAll });
      expect(ours(page.tickets.map((x) => x.id))).toEqual([]);
    }
  });
});
