import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connectedSimulator, waitFor } from '../utils/channels.js';
import { type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { connectSocket, joinRooms } from '../utils/sockets.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';
import { customerWrites } from '../utils/tickets.js';

describe('conversation messages', () => {
  let t: TestApp;
  let a: TenantFixture;
  let adminA: Session;
  let userA: Session;
  let connectionId: number;

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, adminA, userA } = await twoTenants(t));
    connectionId = (await connectedSimulator(t, a.company.id, 'Principal')).id;
  });
  afterAll(() => t.close());

  it('sends, acks 1→2→3 live, edits and deletes our message', async () => {
    const ticket = await customerWrites(t, adminA, connectionId, '5511933330001', 'Olá', 'Nina');
    await t.http().put(`/api/tickets/${ticket.id}`).set(adminA.auth).send({ status: 'open', userId: a.admin.id }).expect(200);
    const socket = await connectSocket(t, adminA.token);
    expect(await socket.timeout(2000).emitWithAck('joinChatBox', ticket.id)).toEqual({ ok: true });
    const acks: number[] = [];
    socket.on(`company-${a.company.id}-appMessage`, (p: { action: string; message: { ack: number; body: string } }) => {
      if (p.action === 'update' && p.message.body === 'Bom dia, Nina!') acks.push(p.message.ack);
    });

    const sent = await t.http().post(`/api/messages/${ticket.id}`).set(adminA.auth).send({ body: 'Bom dia, Nina!', read: 1, fromMe: true, mediaUrl: '' });
    expect(sent.status).toBe(201);
    expect(sent.body[0]).toMatchObject({ body: 'Bom dia, Nina!', fromMe: true, ack: 0, ticketId: ticket.id });
    await waitFor(() => acks.includes(3));
    expect(acks).toEqual([1, 2, 3]);

    const edited = await t.http().post(`/api/messages/edit/${sent.body[0].id}`).set(adminA.auth).send({ body: 'Bom dia, Nina! Tudo bem?' });
    expect(edited.body).toMatchObject({ body: 'Bom dia, Nina! Tudo bem?', isEdited: true });
    expect((await t.http().post(`/api/messages/edit/${sent.body[0].id}`).set(adminA.auth).send({ body: '   ' })).status).toBe(400);
    const deleted = await t.http().delete(`/api/messages/${sent.body[0].id}`).set(adminA.auth);
    expect(deleted.body).toMatchObject({ isDeleted: true });
    socket.close();

    const inbound = (await t.http().get(`/api/messages/${ticket.id}`).set(adminA.auth)).body.messages.find((m: { fromMe: boolean }) => !m.fromMe);
    expect((await t.http().delete(`/api/messages/${inbound.id}`).set(adminA.auth)).status).toBe(403);
  });

  it('quotes a message, sends media, and refuses an empty text', async () => {
    const ticket = await customerWrites(t, adminA, connectionId, '5511933330002', 'Qual o preço?');
    const page = await t.http().get(`/api/messages/${ticket.id}`).set(adminA.auth);
    const question = page.body.messages[0];
    const reply = await t
      .http()
      .post(`/api/messages/${ticket.id}`)
      .set(adminA.auth)
      .send({ body: 'R$ 10', quotedMsg: { id: question.id } });
    expect(reply.status).toBe(201);
    const withQuote = (await t.http().get(`/api/messages/${ticket.id}`).set(adminA.auth)).body.messages.find((m: { id: number }) => m.id === reply.body[0].id);
    expect(withQuote.quotedMsg).toMatchObject({ id: question.id, body: 'Qual o preço?', fromMe: false });

    const media = await t
      .http()
      .post(`/api/messages/${ticket.id}`)
      .set(adminA.auth)
      .field('body', 'segue')
      .attach('medias', Buffer.from('%PDF-1.4 test'), { filename: 'orcamento.pdf', contentType: 'application/pdf' });
    expect(media.status).toBe(201);
    expect(media.body[0]).toMatchObject({ mediaType: 'application', mediaName: 'orcamento.pdf', body: 'segue' });
    expect(media.body[0].mediaUrl).toMatch(new RegExp(`^/public/company${a.company.id}/[a-f0-9]{32}\\.pdf$`));

    const empty = await t.http().post(`/api/messages/${ticket.id}`).set(adminA.auth).send({ body: '   ' });
    expect(empty.status).toBe(400);
  });

  it('pages backwards through the conversation and the earlier tickets, resetting unread on the first page', async () => {
    const first = await customerWrites(t, adminA, connectionId, '5511933330003', 'primeira conversa');
    await t.http().put(`/api/tickets/${first.id}`).set(adminA.auth).send({ status: 'closed' }).expect(200);
    const second = await customerWrites(t, adminA, connectionId, '5511933330003', 'segunda conversa 0');
    expect(second.id).not.toBe(first.id);
    for (let i = 1; i < 25; i += 1) await customerWrites(t, adminA, connectionId, '5511933330003', `segunda conversa ${i}`);

    const socket = await connectSocket(t, adminA.token);
    await joinRooms(socket, 'joinNotification');
    const unread = new Promise((resolve) => socket.once(`company-${a.company.id}-ticket`, resolve));
    const page1 = await t.http().get(`/api/messages/${second.id}`).set(adminA.auth);
    expect(await unread).toEqual({ action: 'updateUnread', ticketId: second.id });
    socket.close();
    expect(page1.body.messages).toHaveLength(20);
    expect(page1.body.messages.at(-1).body).toBe('segunda conversa 24');
    expect(page1.body.hasMore).toBe(true);
    expect(page1.body.ticket.unreadMessages).toBe(0);

    await customerWrites(t, adminA, connectionId, '5511933330003', 'chegou agora');
    const page2 = await t.http().get(`/api/messages/${second.id}`).query({ cursor: page1.body.cursor }).set(adminA.auth);
    expect(page2.body.messages.map((m: { body: string }) => m.body)).toEqual([
      'primeira conversa',
      ...Array.from({ length: 5 }, (_, i) => `segunda conversa ${i}`),
    ]);
    expect(page2.body.messages[0].ticketId).toBe(first.id);
    expect(page2.body.hasMore).toBe(false);
  });

  it('marks a conversation read on PUT', async () => {
    const ticket = await customerWrites(t, adminA, connectionId, '5511933330006', 'alô');
    expect(ticket.unreadMessages).toBe(1);
    const res = await t.http().put(`/api/messages/${ticket.id}`).set(adminA.auth);
    expect(res.body).toEqual({ ticketId: ticket.id, unreadMessages: 0 });
    const list = await t.http().get('/api/tickets').query({ showAll: 'true', withUnreadMessages: 'true' }).set(adminA.auth);
    expect(list.body.tickets.map((x: { id: number }) => x.id)).not.toContain(ticket.id);
  });

  it('keeps a user out of a ticket of another queue', async () => {
    const ticket = await customerWrites(t, adminA, connectionId, '5511933330004', 'oi');
    await t.http().put(`/api/tickets/${ticket.id}`).set(adminA.auth).send({ queueId: a.queues[1]!.id, userId: null }).expect(200);
    const res = await t.http().get(`/api/messages/${ticket.id}`).set(userA.auth);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Acesso não permitido');
    const socket = await connectSocket(t, userA.token);
    expect(await socket.timeout(2000).emitWithAck('joinChatBox', ticket.id)).toEqual({ ok: false });
    socket.close();
  });

  it('keeps POST /api/messages/send for the external API', async () => {
    const res = await t.http().post('/api/messages/send').set(adminA.auth).send({ number: '5511933330005', body: 'x' });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('ERR_INVALID_TOKEN');
  });
});
