import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Socket } from 'socket.io-client';
import { Plan } from '../../src/modules/plans/plan.entity.js';
import { connectedSimulator } from '../utils/channels.js';
import { type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { connectSocket } from '../utils/sockets.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';
import { customerWrites } from '../utils/tickets.js';

interface Card {
  id: number;
  status: string;
  queueId: number | null;
  contact: { name: string; number: string };
  lastMessage: string | null;
  tags: Array<{ id: number; name: string }>;
}

describe('kanban', () => {
  let t: TestApp;
  let a: TenantFixture;
  let adminA: Session;
  let userA: Session;
  let adminB: Session;
  let lane: number;
  let otherLane: number;
  let label: number;
  let inFirstQueue: number;
  let inSecondQueue: number;

  const cards = async (session: Session, query: Record<string, string> = {}) =>
    (await t.http().get('/api/ticket/kanban').query(query).set(session.auth).expect(200)).body.tickets as Card[];
  const tagsOf = async (ticketId: number) =>
    (await cards(adminA))
      .find((card) => card.id === ticketId)!
      .tags.map((tag) => tag.id)
      .sort();

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, adminA, userA, adminB } = await twoTenants(t));
    const tag = (body: Record<string, unknown>) => t.http().post('/api/tags').set(adminA.auth).send(body).expect(201);
    lane = (await tag({ name: 'Em negociação', color: '#1565C0', kanban: 1 })).body.id;
    otherLane = (await tag({ name: 'Fechado', color: '#2E7D32', kanban: 1 })).body.id;
    label = (await tag({ name: 'VIP', color: '#F9A825', kanban: 0 })).body.id;
    const connectionId = (await connectedSimulator(t, a.company.id, 'Quadro')).id;
    const first = await customerWrites(t, adminA, connectionId, '5511933330001', 'Quero um orçamento', 'Paula');
    const second = await customerWrites(t, adminA, connectionId, '5511933330002', 'Preciso de suporte', 'Rui');
    await t.http().put(`/api/tickets/${first.id}`).set(adminA.auth).send({ queueId: a.queues[0]!.id }).expect(200);
    await t.http().put(`/api/tickets/${second.id}`).set(adminA.auth).send({ queueId: a.queues[1]!.id }).expect(200);
    inFirstQueue = first.id;
    inSecondQueue = second.id;
  });
  afterAll(() => t.close());

  it('lists the kanban tags as lanes and the visible open tickets as cards', async () => {
    const lanes = await t.http().get('/api/tags/kanban').set(userA.auth);
    expect(lanes.status).toBe(200);
    expect(lanes.body.map((tag: { name: string }) => tag.name)).toEqual(['Em negociação', 'Fechado']);

    const board = await cards(adminA);
    expect(board.map((card) => card.id).sort()).toEqual([inFirstQueue, inSecondQueue].sort());
    expect(board.find((card) => card.id === inFirstQueue)).toMatchObject({
      contact: { name: 'Paula', number: '5511933330001' },
      lastMessage: 'Quero um orçamento',
      tags: [],
    });
    // The attendant belongs to the first queue only: asking for both shows just that one.
    const mine = await cards(userA, { queueIds: JSON.stringify([a.queues[0]!.id, a.queues[1]!.id]) });
    expect(mine.map((card) => card.id)).toEqual([inFirstQueue]);
  });

  it('moves a card between lanes, keeping the ticket’s other tags, and back to lane 0', async () => {
    const socket: Socket = await connectSocket(t, adminA.token);
    const synced: unknown[] = [];
    socket.on(`company-${a.company.id}-tag`, (payload: { action: string }) => payload.action === 'sync' && synced.push(payload));
    await t
      .http()
      .post('/api/tags/sync')
      .set(adminA.auth)
      .send({ ticketId: inFirstQueue, tags: [{ id: label }] })
      .expect(200);

    const moved = await t.http().put(`/api/ticket-tags/${inFirstQueue}/${lane}`).set(userA.auth);
    expect(moved.status).toBe(200);
    expect(await tagsOf(inFirstQueue)).toEqual([lane, label].sort());
    await t.http().put(`/api/ticket-tags/${inFirstQueue}/${otherLane}`).set(userA.auth).expect(200);
    expect(await tagsOf(inFirstQueue)).toEqual([otherLane, label].sort());
    const back = await t.http().delete(`/api/ticket-tags/${inFirstQueue}`).set(userA.auth);
    expect(back.body).toMatchObject({ ticketId: inFirstQueue, tags: [{ id: label, name: 'VIP' }] });
    expect(await tagsOf(inFirstQueue)).toEqual([label]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.close();
    expect(synced.length).toBeGreaterThanOrEqual(4);
  });

  it('shows a ticket with two lane tags in the lane it was moved to last, and moves it out of that one only', async () => {
    const laneOf = async (ticketId: number) => (await cards(adminA)).find((card) => card.id === ticketId) as Card & { laneId: number };
    // Both lane tags through the ticket's tag field: the later one holds the card.
    await t
      .http()
      .post('/api/tags/sync')
      .set(adminA.auth)
      .send({ ticketId: inFirstQueue, tags: [{ id: label }, { id: otherLane }] })
      .expect(200);
    await t.http().put(`/api/ticket-tags/${inFirstQueue}/${lane}`).set(userA.auth).expect(200);
    // It was in otherLane: that tag leaves, the lane tag added last (lane) holds the card.
    expect(await laneOf(inFirstQueue)).toMatchObject({ laneId: lane });
    expect(await tagsOf(inFirstQueue)).toEqual([lane, label].sort());

    await t
      .http()
      .post('/api/tags/sync')
      .set(adminA.auth)
      .send({ ticketId: inFirstQueue, tags: [{ id: label }, { id: lane }, { id: otherLane }] })
      .expect(200);
    expect(await laneOf(inFirstQueue)).toMatchObject({ laneId: otherLane });
    // Moving back to a lane whose tag the ticket already has: only the lane it leaves loses its tag.
    const moved = await t.http().put(`/api/ticket-tags/${inFirstQueue}/${lane}`).set(userA.auth).expect(200);
    expect(moved.body).toMatchObject({ ticketId: inFirstQueue, laneId: lane });
    expect(await tagsOf(inFirstQueue)).toEqual([lane, label].sort());

    // Two lane tags again, moved into a third lane: only the one it leaves loses its tag, the older lane tag stays.
    await t
      .http()
      .post('/api/tags/sync')
      .set(adminA.auth)
      .send({ ticketId: inFirstQueue, tags: [{ id: label }, { id: lane }, { id: otherLane }] })
      .expect(200);
    const third = await t.http().post('/api/tags').set(adminA.auth).send({ name: 'Proposta', color: '#6A1B9A', kanban: 1 }).expect(201);
    await t.http().put(`/api/ticket-tags/${inFirstQueue}/${third.body.id}`).set(userA.auth).expect(200);
    expect(await tagsOf(inFirstQueue)).toEqual([lane, label, third.body.id].sort());
    expect(await laneOf(inFirstQueue)).toMatchObject({ laneId: third.body.id });

    // Lane 0: every lane tag goes (else the card could not sit there), the label stays.
    const back = await t.http().delete(`/api/ticket-tags/${inFirstQueue}`).set(userA.auth).expect(200);
    expect(back.body).toMatchObject({ laneId: 0, tags: [{ id: label }] });
    expect(await laneOf(inFirstQueue)).toMatchObject({ laneId: 0 });
    await t.http().delete(`/api/tags/${third.body.id}`).set(adminA.auth);
  });

  it('puts a tag that is not a lane on the ticket, leaving its lane as it was', async () => {
    const laneOf = async () => ((await cards(adminA)).find((card) => card.id === inFirstQueue) as Card & { laneId: number }).laneId;
    const before = await laneOf();
    const tagged = await t.http().put(`/api/ticket-tags/${inFirstQueue}/${label}`).set(adminA.auth).expect(200);
    expect(tagged.body.tags).toEqual(expect.arrayContaining([expect.objectContaining({ id: label })]));
    expect(tagged.body.laneId).toBe(before);
    expect(await laneOf()).toBe(before);
  });

  it('refuses cards the user cannot open, unknown tags and other companies', async () => {
    expect((await t.http().put(`/api/ticket-tags/${inSecondQueue}/${lane}`).set(userA.auth)).status).toBe(403);
    const unknownTag = await t.http().put(`/api/ticket-tags/${inFirstQueue}/999999`).set(adminA.auth);
    expect(unknownTag.status).toBe(404);
    expect((await t.http().put(`/api/ticket-tags/${inFirstQueue}/x`).set(adminA.auth)).status).toBe(400);
    const badQueues = await t.http().get('/api/ticket/kanban').query({ queueIds: '[abc' }).set(adminA.auth);
    expect(badQueues.status).toBe(400);

    expect((await t.http().put(`/api/ticket-tags/${inFirstQueue}/${lane}`).set(adminB.auth)).status).toBe(404);
    expect((await t.http().delete(`/api/ticket-tags/${inFirstQueue}`).set(adminB.auth)).status).toBe(404);
    expect(await cards(adminB)).toEqual([]);
    expect((await t.http().get('/api/tags/kanban').set(adminB.auth)).body).toEqual([]);
  });

  it('belongs to plans with the kanban', async () => {
    await t.em().nativeUpdate(Plan, { id: a.plan.id }, { useKanban: false }, { filters: false });
    try {
      expect((await t.http().get('/api/ticket/kanban').set(adminA.auth)).status).toBe(403);
      expect((await t.http().get('/api/tags/kanban').set(adminA.auth)).status).toBe(403);
    } finally {
      await t.em().nativeUpdate(Plan, { id: a.plan.id }, { useKanban: true }, { filters: false });
    }
  });
});
