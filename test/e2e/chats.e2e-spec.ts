import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Socket } from 'socket.io-client';
import { Plan } from '../../src/modules/plans/plan.entity.js';
import { waitFor } from '../utils/channels.js';
import { createUser, login, type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { connectSocket } from '../utils/sockets.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';

interface ChatBody {
  id: number;
  title: string;
  ownerId: number;
  lastMessage: string | null;
  users: Array<{ userId: number; unreads: number; user: { id: number; name: string } }>;
}

describe('internal chat', () => {
  let t: TestApp;
  let a: TenantFixture;
  let b: TenantFixture;
  let adminA: Session;
  let userA: Session;
  let outsider: Session;
  let adminB: Session;

  const unreadsOf = (chat: ChatBody, userId: number) => chat.users.find((member) => member.userId === userId)!.unreads;

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, b, adminA, userA, adminB } = await twoTenants(t));
    outsider = await login(t, (await createUser(t, a.company, 'user')).email);
  });
  afterAll(() => t.close());

  it('creates a chat with its members, delivers messages live to them only, and counts unreads', async () => {
    const sockets: Record<string, Socket> = {
      admin: await connectSocket(t, adminA.token),
      user: await connectSocket(t, userA.token),
      outsider: await connectSocket(t, outsider.token),
    };
    const heard: Record<string, Array<{ action: string }>> = { admin: [], user: [], outsider: [] };
    for (const [who, socket] of Object.entries(sockets)) socket.on(`company-${a.company.id}-chat`, (payload: { action: string }) => heard[who]!.push(payload));

    const created = await t
      .http()
      .post('/api/chats')
      .set(adminA.auth)
      .send({ title: 'Plantão de sábado', users: [{ id: a.user.id }] });
    expect(created.status).toBe(201);
    const chat = created.body as ChatBody;
    expect(chat).toMatchObject({ title: 'Plantão de sábado', ownerId: a.admin.id, lastMessage: null });
    expect(chat.users.map((member) => member.userId).sort()).toEqual([a.admin.id, a.user.id].sort());

    const sent = await t.http().post(`/api/chats/${chat.id}/messages`).set(adminA.auth).send({ message: '  Quem cobre a manhã?  ' });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ chatId: chat.id, message: 'Quem cobre a manhã?', senderId: a.admin.id, sender: { name: a.admin.name } });
    await waitFor(() => heard.user!.some((e) => e.action === 'new-message'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard.outsider).toEqual([]);

    const listed = (await t.http().get('/api/chats').set(userA.auth)).body;
    expect(listed.records).toHaveLength(1);
    expect(unreadsOf(listed.records[0], a.user.id)).toBe(1);
    expect(unreadsOf(listed.records[0], a.admin.id)).toBe(0);
    expect(listed.records[0].lastMessage).toBe('Quem cobre a manhã?');

    const read = await t.http().post(`/api/chats/${chat.id}/read`).set(userA.auth).send({ userId: a.admin.id });
    expect(unreadsOf(read.body, a.user.id)).toBe(0);
    expect(unreadsOf(read.body, a.admin.id)).toBe(0);
    for (const socket of Object.values(sockets)) socket.close();
  });

  it('pages messages from the newest, each page in order', async () => {
    const chat = (
      await t
        .http()
        .post('/api/chats')
        .set(userA.auth)
        .send({ title: 'Muitas mensagens', users: [{ id: a.admin.id }] })
    ).body as ChatBody;
    for (let n = 1; n <= 25; n += 1)
      await t
        .http()
        .post(`/api/chats/${chat.id}/messages`)
        .set(n % 2 ? userA.auth : adminA.auth)
        .send({ message: `m${n}` })
        .expect(201);
    const first = (await t.http().get(`/api/chats/${chat.id}/messages`).set(adminA.auth)).body;
    expect(first.records.map((m: { message: string }) => m.message)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 6}`));
    expect(first).toMatchObject({ count: 25, hasMore: true });
    const second = (await t.http().get(`/api/chats/${chat.id}/messages`).query({ pageNumber: 2 }).set(adminA.auth)).body;
    expect(second.records.map((m: { message: string }) => m.message)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(second.hasMore).toBe(false);
    const mine = (await t.http().get('/api/chats').set(adminA.auth)).body.records.find((c: ChatBody) => c.id === chat.id);
    expect(unreadsOf(mine, a.admin.id)).toBe(13);
  });

  it('lets only the owner rename, change members and delete', async () => {
    const chat = (
      await t
        .http()
        .post('/api/chats')
        .set(adminA.auth)
        .send({ title: 'Equipe', users: [{ id: a.user.id }] })
    ).body as ChatBody;
    expect((await t.http().put(`/api/chats/${chat.id}`).set(userA.auth).send({ title: 'Minha' })).status).toBe(403);
    expect((await t.http().delete(`/api/chats/${chat.id}`).set(userA.auth)).body.error).toBe('ERR_NO_PERMISSION');

    const socket = await connectSocket(t, userA.token);
    const heard: Array<{ action: string; chatId?: number }> = [];
    socket.on(`company-${a.company.id}-chat`, (payload: (typeof heard)[number]) => heard.push(payload));
    const renamed = await t
      .http()
      .put(`/api/chats/${chat.id}`)
      .set(adminA.auth)
      .send({ title: 'Equipe B', users: [{ id: a.admin.id }] });
    expect(renamed.body.title).toBe('Equipe B');
    expect(renamed.body.users.map((m: { userId: number }) => m.userId)).toEqual([a.admin.id]);
    // The removed member hears it (to drop the chat) and loses access.
    await waitFor(() => heard.some((e) => e.action === 'update'));
    expect((await t.http().get(`/api/chats/${chat.id}`).set(userA.auth)).status).toBe(404);
    socket.close();

    expect((await t.http().delete(`/api/chats/${chat.id}`).set(adminA.auth)).status).toBe(204);
    expect((await t.http().get(`/api/chats/${chat.id}`).set(adminA.auth)).body.error).toBe('ERR_NO_CHAT_FOUND');
  });

  it('validates input and keeps chats inside their company and membership', async () => {
    const bad = await t.http().post('/api/chats').set(adminA.auth).send({ title: '  ', users: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['title', 'users']);
    const foreignMember = await t
      .http()
      .post('/api/chats')
      .set(adminA.auth)
      .send({ title: 'Misturado', users: [{ id: b.admin.id }] });
    expect(foreignMember.status).toBe(404);
    expect(foreignMember.body.error).toBe('ERR_NO_USER_FOUND');

    const chat = (
      await t
        .http()
        .post('/api/chats')
        .set(adminA.auth)
        .send({ title: 'Fechado', users: [{ id: a.user.id }] })
    ).body as ChatBody;
    expect((await t.http().post(`/api/chats/${chat.id}/messages`).set(adminA.auth).send({ message: '   ' })).status).toBe(400);
    for (const session of [outsider, adminB]) {
      expect((await t.http().get(`/api/chats/${chat.id}`).set(session.auth)).status).toBe(404);
      expect((await t.http().get(`/api/chats/${chat.id}/messages`).set(session.auth)).status).toBe(404);
      expect((await t.http().post(`/api/chats/${chat.id}/messages`).set(session.auth).send({ message: 'oi' })).status).toBe(404);
      expect((await t.http().put(`/api/chats/${chat.id}`).set(session.auth).send({ title: 'x' })).status).toBe(404);
    }
    expect((await t.http().get('/api/chats').set(adminB.auth)).body.records).toEqual([]);
  });

  it('belongs to plans with internal chat', async () => {
    await t.em().nativeUpdate(Plan, { id: a.plan.id }, { useInternalChat: false }, { filters: false });
    try {
      expect((await t.http().get('/api/chats').set(adminA.auth)).status).toBe(403);
    } finally {
      await t.em().nativeUpdate(Plan, { id: a.plan.id }, { useInternalChat: true }, { filters: false });
    }
  });
});
