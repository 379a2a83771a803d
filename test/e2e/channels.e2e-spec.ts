import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { ChannelManager } from '../../src/channels/channel-manager.js';
import { ConnectionLease } from '../../src/channels/connection-lease.js';
import { REDIS } from '../../src/infra/redis/redis.tokens.js';
import { Contact } from '../../src/modules/contacts/contact.entity.js';
import { Whatsapp } from '../../src/modules/connections/whatsapp.entity.js';
import { Message } from '../../src/modules/messages/message.entity.js';
import { Ticket } from '../../src/modules/tickets/ticket.entity.js';
import { connectedSimulator, drainPipeline, waitFor } from '../utils/channels.js';
import { type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { connectSocket, joinRooms } from '../utils/sockets.js';
import { storedMedia } from '../utils/stored-media.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';
import { TIME_FACTOR } from '../utils/time.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('channels: connections, simulator and the inbound pipeline', () => {
  let t: TestApp;
  let a: TenantFixture;
  let adminA: Session;
  let userA: Session;
  let adminB: Session;
  let connectionA: Whatsapp;

  const inject = (session: Session, connectionId: number, body: Record<string, unknown>) =>
    t.http().post(`/api/dev/simulator/${connectionId}/inbound`).set(session.auth).send(body);
  const messages = (companyId: number) => t.em().find(Message, { company: companyId }, { filters: false, orderBy: { id: 'ASC' } });

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, adminA, userA, adminB } = await twoTenants(t, { plan: { connections: 3 } }));
    connectionA = await connectedSimulator(t, a.company.id, 'Principal');
  });
  afterAll(() => t.close());

  it('creates a simulator connection, shows its token once and links it live', async () => {
    const socket = await connectSocket(t, adminA.token);
    const connected = new Promise<{ session: { status: string; qrcode: string | null } }>((resolve) =>
      socket.on(`company-${a.company.id}-whatsappSession`, (payload: { session: { name: string; status: string; qrcode: string | null } }) => {
        if (payload.session.name === 'Loja' && payload.session.status === 'CONNECTED') resolve(payload);
      }),
    );
    const qr = new Promise<{ session: { status: string; qrcode: string } }>((resolve) =>
      socket.on(`company-${a.company.id}-whatsappSession`, (payload: { session: { status: string; qrcode: string } }) => {
        if (payload.session.status === 'qrcode') resolve(payload);
      }),
    );
    const res = await t
      .http()
      .post('/api/whatsapp')
      .set(adminA.auth)
      .send({ name: 'Loja', provider: 'simulator', queueIds: [a.queues[0]!.id] });
    expect(res.status).toBe(201);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body).toMatchObject({ name: 'Loja', provider: 'simulator', isDefault: false, maxUseBotQueues: 3, expiresTicket: 0, timeUseBotQueues: 0 });
    expect((await qr).session.qrcode).toMatch(/^SIMULATOR:/);
    await t.http().post(`/api/dev/simulator/${res.body.id}/scan`).set(adminA.auth).expect(202);
    expect((await connected).session.qrcode).toBeNull();
    socket.close();

    const list = await t.http().get('/api/whatsapp?session=0').set(adminA.auth);
    const text = JSON.stringify(list.body);
    expect(text).not.toContain(res.body.token);
    expect(text).not.toMatch(/tokenHash|creds|simulator":true/);
    expect(list.body.find((c: { id: number }) => c.id === res.body.id)).toMatchObject({ status: 'CONNECTED', tokenHint: res.body.token.slice(-4) });
  });

  it('links with a pairing code when a phone is given', async () => {
    const created = await t.http().post('/api/whatsapp').set(adminA.auth).send({ name: 'Pareada', provider: 'simulator' });
    await waitFor(() => t.app.get(ChannelManager).isConnected(created.body.id));
    await t.http().delete(`/api/whatsappsession/${created.body.id}`).set(adminA.auth).expect(200);
    const socket = await connectSocket(t, adminA.token);
    const pairing = new Promise<{ session: { status: string; pairingCode: string } }>((resolve) =>
      socket.on(`company-${a.company.id}-whatsappSession`, (p: { session: { status: string; pairingCode: string } }) => {
        if (p.session.status === 'PAIRING') resolve(p);
      }),
    );
    const bad = await t.http().post(`/api/whatsappsession/${created.body.id}`).set(adminA.auth).send({ pairingPhone: '12' });
    expect(bad.status).toBe(400);
    await t.http().post(`/api/whatsappsession/${created.body.id}`).set(adminA.auth).send({ pairingPhone: '+55 11 98888-7777' }).expect(200);
    expect((await pairing).session.pairingCode).toMatch(/^[0-9A-F]{8}$/);
    socket.close();
    await waitFor(() => t.app.get(ChannelManager).isConnected(created.body.id));
    await t.http().delete(`/api/whatsapp/${created.body.id}`).set(adminA.auth).expect(204);
  });

  it('turns a customer text into contact, pending ticket and message, live for the company only', async () => {
    const socketA = await connectSocket(t, adminA.token);
    const socketB = await connectSocket(t, adminB.token);
    await joinRooms(socketA, 'joinNotification');
    await joinRooms(socketB, 'joinNotification');
    await joinRooms(socketB, 'joinTickets', 'pending');
    const leaked: string[] = [];
    socketB.onAny((event: string) => leaked.push(event));
    const received = new Promise<{ action: string; message: { body: string }; ticket: { status: string; unreadMessages: number } }>((resolve) =>
      socketA.once(`company-${a.company.id}-appMessage`, resolve),
    );

    const res = await inject(adminA, connectionA.id, { from: '5511988887777', name: 'Maria Cliente', body: 'Olá, preciso de ajuda', id: 'MSG-1' });
    expect(res.status).toBe(202);
    const event = await received;
    expect(event).toMatchObject({ action: 'create', message: { body: 'Olá, preciso de ajuda' }, ticket: { status: 'pending', unreadMessages: 1 } });
    await drainPipeline(t);
    await new Promise((r) => setTimeout(r, 100));
    expect(leaked.filter((e) => e.includes('appMessage') || e.includes('ticket'))).toEqual([]);
    socketA.close();
    socketB.close();

    const em = t.em();
    const contact = await em.findOneOrFail(Contact, { number: '5511988887777' }, { filters: false });
    expect(contact).toMatchObject({ name: 'Maria Cliente', isGroup: false });
    const ticket = await em.findOneOrFail(Ticket, { contact: contact.id }, { filters: false });
    expect(ticket).toMatchObject({ status: 'pending', unreadMessages: 1 });
    expect(ticket.protocol).toMatch(/^\d{18}$/);
    // The profile picture is looked up once (the simulator has none) and not again for a day.
    await waitFor(async () => (await t.em().findOneOrFail(Contact, contact.id, { filters: false })).profilePicUpdatedAt);
  });

  it('stores a replayed provider message once and reuses the open ticket', async () => {
    await inject(adminA, connectionA.id, { from: '5511977776666', name: 'João', body: 'primeira', id: 'DUP-1' });
    await inject(adminA, connectionA.id, { from: '5511977776666', name: 'João', body: 'primeira', id: 'DUP-1' });
    await inject(adminA, connectionA.id, { from: '5511977776666', name: 'João', body: 'segunda', id: 'DUP-2' });
    await drainPipeline(t);
    const rows = (await messages(a.company.id)).filter((m) => m.providerId.startsWith('DUP-'));
    expect(rows.map((m) => m.body)).toEqual(['primeira', 'segunda']);
    expect(rows[0]!.ticket.id).toBe(rows[1]!.ticket.id);
    const ticket = await t.em().findOneOrFail(Ticket, rows[0]!.ticket.id, { filters: false });
    expect(ticket.unreadMessages).toBe(2);
  });

  it('saves media under the company folder with a generated name, whatever file name the sender used', async () => {
    await inject(adminA, connectionA.id, {
      type: 'media',
      from: '5511966665555',
      name: 'Ana',
      id: 'MEDIA-1',
      mediaBase64: PNG.toString('base64'),
      mimetype: 'image/png',
      fileName: '../../../../etc/passwd',
      body: 'foto',
    });
    await drainPipeline(t);
    const row = (await messages(a.company.id)).find((m) => m.providerId === 'MEDIA-1')!;
    expect(row.mediaType).toBe('image');
    expect(row.mediaName).toBe('../../../../etc/passwd');
    expect(row.mediaPath).toMatch(new RegExp(`^company${a.company.id}/[a-f0-9]{32}\\.png$`));
    expect(await storedMedia(t).paths(a.company.id)).toContain(row.mediaPath);
    expect(existsSync(join(t.config.dataDir, 'etc'))).toBe(false);
    const served = await t.http().get(`/public/${row.mediaPath}`);
    expect(served.status).toBe(200);
    expect(Buffer.compare(served.body as Buffer, PNG)).toBe(0);
    expect((await t.http().get('/public/../package.json')).status).not.toBe(200);

    const refused = await inject(adminA, connectionA.id, {
      type: 'media',
      from: '5511966665555',
      id: 'MEDIA-2',
      mediaBase64: 'AAAA',
      mimetype: 'application/x-msdownload',
    });
    expect(refused.status).toBe(202);
    await drainPipeline(t);
    const kept = (await messages(a.company.id)).find((m) => m.providerId === 'MEDIA-2')!;
    expect(kept.mediaPath).toBeNull();
    expect(kept.body).toBe('Arquivo não recebido');
  });

  it('applies acks monotonically, edits with history and revokes, emitting updates', async () => {
    await inject(adminA, connectionA.id, { from: '5511955554444', name: 'Bia', body: 'texto original', id: 'EDIT-1' });
    await drainPipeline(t);
    const socket = await connectSocket(t, adminA.token);
    await joinRooms(socket, 'joinNotification');
    const updates: Array<{ action: string; message: { ack: number; body: string; isEdited: boolean; isDeleted: boolean } }> = [];
    socket.on(`company-${a.company.id}-appMessage`, (p: (typeof updates)[number]) => updates.push(p));

    await inject(adminA, connectionA.id, { type: 'ack', from: '5511955554444', targetId: 'EDIT-1', ack: 3 });
    await inject(adminA, connectionA.id, { type: 'ack', from: '5511955554444', targetId: 'EDIT-1', ack: 2 });
    await inject(adminA, connectionA.id, { type: 'edit', from: '5511955554444', targetId: 'EDIT-1', body: 'texto corrigido' });
    await inject(adminA, connectionA.id, { type: 'revoke', from: '5511955554444', targetId: 'EDIT-1' });
    await drainPipeline(t);
    await waitFor(() => updates.length >= 3);
    socket.close();

    const row = (await messages(a.company.id)).find((m) => m.providerId === 'EDIT-1')!;
    expect(row).toMatchObject({ ack: 3, body: 'texto corrigido', isEdited: true, isDeleted: true });
    expect(row.editHistory).toEqual([{ body: 'texto original', editedAt: expect.any(String) }]);
    expect(updates.map((u) => u.message.ack)).toEqual([3, 3, 3]);
    expect(updates.at(-1)!.message).toMatchObject({ isDeleted: true, isEdited: true });
  });

  it('links a reaction to the message it reacts to', async () => {
    await inject(adminA, connectionA.id, { from: '5511955554445', name: 'Bia', body: 'posso retirar amanhã?', id: 'REACT-TARGET' });
    await inject(adminA, connectionA.id, { type: 'reaction', from: '5511955554445', targetId: 'REACT-TARGET', body: '👍', id: 'REACT-1' });
    await drainPipeline(t);
    const rows = await messages(a.company.id);
    const target = rows.find((m) => m.providerId === 'REACT-TARGET')!;
    expect(rows.find((m) => m.providerId === 'REACT-1')).toMatchObject({ mediaType: 'reactionMessage', body: '👍', quotedMsg: { id: target.id } });
  });

  it('ignores group messages while CheckMsgIsGroup is enabled and files them under the group otherwise', async () => {
    const group = { id: '120363000000000001', name: 'Clientes VIP' };
    await inject(adminA, connectionA.id, { from: '5511944443333', name: 'Carlos', body: 'oi grupo', id: 'GRP-1', group });
    await drainPipeline(t);
    expect((await messages(a.company.id)).some((m) => m.providerId === 'GRP-1')).toBe(false);

    await t.http().put('/api/settings/CheckMsgIsGroup').set(adminA.auth).send({ value: 'disabled' }).expect(200);
    await inject(adminA, connectionA.id, { from: '5511944443333', name: 'Carlos', body: 'oi grupo', id: 'GRP-2', group });
    await drainPipeline(t);
    const row = (await messages(a.company.id)).find((m) => m.providerId === 'GRP-2')!;
    expect(row).toMatchObject({ senderName: 'Carlos', participant: '5511944443333@s.whatsapp.net' });
    const contact = await t.em().findOneOrFail(Contact, { number: group.id }, { filters: false });
    expect(contact).toMatchObject({ name: 'Clientes VIP', isGroup: true });
    const ticket = await t.em().findOneOrFail(Ticket, row.ticket.id, { filters: false });
    expect(ticket.isGroup).toBe(true);
  });

  it('logs calls and answers them automatically when calls are disabled', async () => {
    await inject(adminA, connectionA.id, { type: 'call', from: '5511933332222', id: 'CALL-1' });
    await drainPipeline(t);
    let rows = await messages(a.company.id);
    expect(rows.find((m) => m.providerId === 'call-CALL-1')).toMatchObject({ mediaType: 'call_log', body: 'Chamada de voz recebida' });

    await t.http().put('/api/settings/call').set(adminA.auth).send({ value: 'disabled' }).expect(200);
    await inject(adminA, connectionA.id, { type: 'call', from: '5511933332222', id: 'CALL-2', isVideo: true });
    await drainPipeline(t);
    rows = await messages(a.company.id);
    const log = rows.find((m) => m.providerId === 'call-CALL-2')!;
    expect(log.body).toBe('Chamada de vídeo recebida');
    const reply = rows.find((m) => m.fromMe && m.ticket.id === log.ticket.id && m.body.includes('chamadas de voz e vídeo estão desabilitadas'));
    expect(reply).toBeDefined();
  });

  it('reconnects after a transient drop and stays disconnected, with the reason, when the phone unlinks the device', async () => {
    const manager = t.app.get(ChannelManager);
    const extra = await connectedSimulator(t, a.company.id, 'Reserva');
    await inject(adminA, extra.id, { type: 'close', from: '5511900000001', loggedOut: false });
    await waitFor(async () => (await t.em().findOneOrFail(Whatsapp, extra.id, { filters: false })).status === 'OPENING');
    await waitFor(() => manager.isConnected(extra.id), 8000 * TIME_FACTOR);

    await inject(adminA, extra.id, { type: 'close', from: '5511900000001', loggedOut: true });
    const row = await waitFor(async () => {
      const found = await t.em().findOneOrFail(Whatsapp, extra.id, { filters: false });
      return found.status === 'DISCONNECTED' ? found : null;
    });
    expect(row.disconnectReason).toBe('Aparelho desconectado pelo telefone');
    expect(manager.isConnected(extra.id)).toBe(false);
  });

  it('runs each session in one process only, through a Redis lease', async () => {
    const manager = t.app.get(ChannelManager);
    const lease = t.app.get(ConnectionLease);
    const redis = t.app.get<Redis>(REDIS);
    const extra = await connectedSimulator(t, a.company.id, 'Arrendada');
    expect(await redis.get(lease.key(extra.id))).toBe(lease.owner);
    await manager.logout(a.company.id, extra.id);
    expect(await redis.get(lease.key(extra.id))).toBeNull();

    await redis.set(lease.key(extra.id), 'another-process', 'PX', 30000);
    const refused = await t.http().post(`/api/whatsappsession/${extra.id}`).set(adminA.auth);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('ERR_SESSION_IN_OTHER_PROCESS');
    await redis.del(lease.key(extra.id));
    await t.http().post(`/api/whatsappsession/${extra.id}`).set(adminA.auth).expect(200);
    await t.http().delete(`/api/whatsapp/${extra.id}`).set(adminA.auth).expect(204);
  });

  it('restarts CONNECTED connections when the server boots again', async () => {
    const manager = t.app.get(ChannelManager);
    await manager.onApplicationShutdown();
    expect(manager.isConnected(connectionA.id)).toBe(false);
    await manager.onApplicationBootstrap();
    await waitFor(() => manager.isConnected(connectionA.id));
  });

  it('sends through the external API with a valid token and answers 401 otherwise', async () => {
    const created = await t.http().post(`/api/whatsapp/${connectionA.id}/token`).set(adminA.auth);
    const token = created.body.token as string;
    const ok = await t
      .http()
      .post('/api/messages/send')
      .set('Authorization', `Bearer ${token}`)
      .send({ number: '+55 (11) 98888-1234', body: 'Pedido enviado' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ message: 'Mensagem enviada com sucesso', ticketId: expect.any(Number) });
    await waitFor(async () => (await messages(a.company.id)).find((m) => m.body === 'Pedido enviado' && m.ack === 3));
    const sent = (await messages(a.company.id)).find((m) => m.body === 'Pedido enviado')!;
    expect(sent).toMatchObject({ fromMe: true, ticket: { id: ok.body.ticketId } });

    const media = await t
      .http()
      .post('/api/messages/send')
      .set('Authorization', `Bearer ${token}`)
      .field('number', '5511988881234')
      .field('body', 'segue o boleto')
      .attach('medias', PNG, { filename: 'boleto.png', contentType: 'image/png' });
    expect(media.status).toBe(200);

    for (const header of [undefined, 'Bearer ', 'Bearer unknown-token', `Basic ${token}`]) {
      const req = t.http().post('/api/messages/send').send({ number: '5511988881234', body: 'x' });
      const res = await (header === undefined ? req : req.set('Authorization', header));
      expect(res.status).toBe(401);
    }
    const bad = await t.http().post('/api/messages/send').set('Authorization', `Bearer ${token}`).send({ number: '12', body: 'x' });
    expect(bad.status).toBe(400);
    const invalid = await t.http().post('/api/messages/send').set('Authorization', `Bearer ${token}`).send({ number: '5511900000000', body: 'x' });
    expect(invalid.body).toMatchObject({ error: 'ERR_WAPP_INVALID_CONTACT', invalido: true });

    const old = await t.http().post(`/api/whatsapp/${connectionA.id}/token`).set(adminA.auth);
    expect(old.body.token).not.toBe(token);
    expect((await t.http().post('/api/messages/send').set('Authorization', `Bearer ${token}`).send({ number: '5511988881234', body: 'x' })).status).toBe(401);
  });

  it('keeps connections apart between companies and enforces the admin rules', async () => {
    expect((await t.http().get(`/api/whatsapp/${connectionA.id}`).set(adminB.auth)).status).toBe(404);
    expect(
      (
        await t
          .http()
          .put(`/api/whatsapp/${connectionA.id}`)
          .set(adminB.auth)
          .send({ name: 'x' + 'y' })
      ).status,
    ).toBe(404);
    expect((await t.http().delete(`/api/whatsapp/${connectionA.id}`).set(adminB.auth)).status).toBe(404);
    expect((await t.http().post(`/api/whatsappsession/${connectionA.id}`).set(adminB.auth)).status).toBe(404);
    expect((await inject(adminB, connectionA.id, { from: '5511988887777', body: 'intruso' })).status).toBe(400);
    expect((await t.http().get('/api/whatsapp').set(adminB.auth)).body).toEqual([]);

    expect((await t.http().get('/api/whatsapp').set(userA.auth)).status).toBe(200);
    expect((await t.http().post('/api/whatsapp').set(userA.auth).send({ name: 'Nova' })).status).toBe(403);
    expect((await t.http().delete(`/api/whatsappsession/${connectionA.id}`).set(userA.auth)).status).toBe(403);

    const bad = await t.http().post('/api/whatsapp').set(adminA.auth).send({ name: 'x', maxUseBotQueues: -1, provider: 'telegram' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['maxUseBotQueues', 'name', 'provider']);
    const greeting = await t
      .http()
      .put(`/api/whatsapp/${connectionA.id}`)
      .set(adminA.auth)
      .send({ queueIds: a.queues.map((q) => q.id) });
    expect(greeting.body.error).toBe('ERR_WAPP_GREETING_REQUIRED');
    const lastDefault = await t.http().put(`/api/whatsapp/${connectionA.id}`).set(adminA.auth).send({ isDefault: false });
    expect(lastDefault.body.error).toBe('ERR_NO_OTHER_WHATSAPP');
    const duplicate = await t.http().post('/api/whatsapp').set(adminA.auth).send({ name: 'Principal', provider: 'simulator' });
    expect(duplicate.status).toBe(409);
    const sameNameOtherCompany = await t.http().post('/api/whatsapp').set(adminB.auth).send({ name: 'Principal', provider: 'simulator' });
    expect(sameNameOtherCompany.status).toBe(201);
    expect(sameNameOtherCompany.body.isDefault).toBe(true);
  });

  it('enforces the plan connection limit', async () => {
    // plan allows 3: Principal, Loja, Reserva
    const res = await t.http().post('/api/whatsapp').set(adminA.auth).send({ name: 'Quarta', provider: 'simulator' });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ERR_PLAN_CONNECTION_LIMIT');
  });

  it('moves the default flag when the default connection is deleted, and disconnects on request', async () => {
    const list = await t.http().get('/api/whatsapp').set(adminA.auth);
    const other = list.body.find((c: { isDefault: boolean }) => !c.isDefault);
    expect((await t.http().delete(`/api/whatsappsession/${other.id}`).set(adminA.auth)).status).toBe(200);
    expect((await t.em().findOneOrFail(Whatsapp, other.id, { filters: false })).status).toBe('DISCONNECTED');
    expect((await t.http().delete(`/api/whatsapp/${connectionA.id}`).set(adminA.auth)).status).toBe(204);
    const after = await t.http().get('/api/whatsapp').set(adminA.auth);
    expect(after.body.filter((c: { isDefault: boolean }) => c.isDefault)).toHaveLength(1);
  });
});
