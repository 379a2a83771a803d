import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Socket } from 'socket.io-client';
import { connectedSimulator, waitFor } from '../utils/channels.js';
import { type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { connectSocket, joinRooms } from '../utils/sockets.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';
import { customerWrites } from '../utils/tickets.js';

interface TicketEvent {
  action: string;
  ticket?: { id: number; status: string; userId: number | null };
  ticketId?: number;
}

/**
 * The tab badges refresh on `company-{id}-ticket`: every transition of a ticket must reach its agent, also when the
 * ticket has no queue of theirs (the attendant's "Atendendo" stayed at 1 after closing their only ticket).
 */
describe('ticket tab counts follow every transition live', () => {
  let t: TestApp;
  let a: TenantFixture;
  let b: TenantFixture;
  let adminA: Session;
  let userA: Session;
  let adminB: Session;
  let connectionId: number;
  const sockets: Socket[] = [];

  const counts = async (session: Session) =>
    (await t.http().get('/api/tickets/counts').set(session.auth).expect(200)).body as { open: number; pending: number };
  const put = (session: Session, id: number, body: Record<string, unknown>) => t.http().put(`/api/tickets/${id}`).set(session.auth).send(body);

  /** A socket as the browser opens it, recording the company's ticket events. */
  async function listen(session: Session, companyId: number): Promise<TicketEvent[]> {
    const socket = await connectSocket(t, session.token);
    sockets.push(socket);
    await joinRooms(socket, 'joinNotification');
    const heard: TicketEvent[] = [];
    socket.on(`company-${companyId}-ticket`, (payload: TicketEvent) => heard.push(payload));
    return heard;
  }
  const heardStatus = (heard: TicketEvent[], id: number, status: string) =>
    waitFor(() => heard.some((event) => event.action === 'update' && event.ticket?.id === id && event.ticket.status === status));

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, b, adminA, userA, adminB } = await twoTenants(t));
    // A connection without queues: its tickets have no queue, so no queue room of the attendant hears them.
    connectionId = (await connectedSimulator(t, a.company.id, 'Sem filas')).id;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  it('tells the attendant when they close their only ticket, and when the admin gives or closes one', async () => {
    const attendant = await listen(userA, a.company.id);
    const otherCompany = await listen(adminB, a.company.id);

    const first = await customerWrites(t, adminA, connectionId, '5511966660001', 'Oi', 'Ana');
    expect(first.queue).toBeNull();
    expect((await put(adminA, first.id, { status: 'open', userId: a.user.id })).status).toBe(200);
    await heardStatus(attendant, first.id, 'open');
    expect((await counts(userA)).open).toBe(1);

    // The attendant closes it: their own socket hears it, and the badge source says 0.
    expect((await put(userA, first.id, { status: 'closed' })).status).toBe(200);
    await heardStatus(attendant, first.id, 'closed');
    expect((await counts(userA)).open).toBe(0);

    // The admin gives them another and then closes it: the attendant hears both.
    const second = await customerWrites(t, adminA, connectionId, '5511966660002', 'Olá', 'Bruno');
    expect((await put(adminA, second.id, { status: 'open', userId: a.user.id })).status).toBe(200);
    await heardStatus(attendant, second.id, 'open');
    expect((await counts(userA)).open).toBe(1);
    expect((await put(adminA, second.id, { status: 'closed' })).status).toBe(200);
    await heardStatus(attendant, second.id, 'closed');
    expect((await counts(userA)).open).toBe(0);

    // Taken from them (transferred to the admin): still heard, so their badge drops.
    const third = await customerWrites(t, adminA, connectionId, '5511966660003', 'Bom dia', 'Carla');
    expect((await put(adminA, third.id, { status: 'open', userId: a.user.id })).status).toBe(200);
    await heardStatus(attendant, third.id, 'open');
    expect((await put(adminA, third.id, { userId: a.admin.id })).status).toBe(200);
    await waitFor(() => attendant.some((event) => event.ticket?.id === third.id && event.ticket.userId === a.admin.id));
    expect((await counts(userA)).open).toBe(0);

    // Deleting an attendant's ticket tells them too.
    const fourth = await customerWrites(t, adminA, connectionId, '5511966660004', 'Boa tarde', 'Davi');
    expect((await put(adminA, fourth.id, { status: 'open', userId: a.user.id })).status).toBe(200);
    await heardStatus(attendant, fourth.id, 'open');
    expect((await t.http().delete(`/api/tickets/${fourth.id}`).set(adminA.auth)).status).toBe(204);
    await waitFor(() => attendant.some((event) => event.action === 'delete' && event.ticketId === fourth.id));

    // Another company hears none of it, and its admin cannot touch these tickets.
    expect(otherCompany).toEqual([]);
    expect((await put(adminB, third.id, { status: 'closed' })).status).toBe(404);
    expect(b.company.id).not.toBe(a.company.id);
  });
});
