import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type FakeGraphApi, startFakeGraphApi } from '../../src/channels/cloud-api/fake-graph-api.js';
import { FAKE_PHONE_NUMBER_ID } from '../../src/channels/cloud-api/fake-graph-fixtures.js';
// @ts-expect-error plain ESM helper shared with the benchmarks
import { freePort } from '../utils/crash-scenario.mjs';
import { connectedSimulator, drainPipeline, waitFor } from '../utils/channels.js';
import { type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { connectSocket } from '../utils/sockets.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';
import { customerWrites } from '../utils/tickets.js';
import { cloudChannels, cloudWebhookUrl, createCloudConnection, startCloudConnection } from '../utils/cloud.js';

const APP_SECRET = 'meta-app-secret-of-the-reactions-test';
const CLOUD_CUSTOMER = '5511977770202';

interface MessageBody {
  id: number;
  body: string;
  fromMe: boolean;
  mediaType: string;
  quotedMsgId: number | null;
  ack: number;
}

const rows = <T>(t: TestApp, sql: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(sql, params);

/**
 * An attendant's emoji on a customer's message: sent through the ticket's connection (the simulator's wire log, the
 * Graph API fake's payload), stored as our reaction pointing at it, replaced by our next one, taken back with ''.
 */
describe('reactions of ours', () => {
  let t: TestApp;
  let fake: FakeGraphApi;
  let a: TenantFixture;
  let adminA: Session;
  let userA: Session;
  let adminB: Session;
  let simulatorId: number;
  let cloudId: number;

  const react = (session: Session, messageId: number | string, emoji: unknown) =>
    t.http().post(`/api/messages/${messageId}/reactions`).set(session.auth).send({ emoji });

  /** Our reaction rows to a message, as the table holds them. */
  const ourReactions = (targetId: number) =>
    rows<{ id: number; body: string }>(
      t,
      "select id, body from messages where company_id = ? and quoted_msg_id = ? and from_me and media_type = 'reactionMessage' order by id",
      [a.company.id, targetId],
    );

  /** What the simulated WhatsApp received on the connection (its wire log). */
  function simulatorWire(): Array<{ providerId: string; to: string; reaction?: { targetId: string; emoji: string } }> {
    const file = join(t.config.dataDir, 'simulator', `wire-${simulatorId}.jsonl`);
    if (!existsSync(file)) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  }

  beforeAll(async () => {
    const graphPort = await freePort();
    t = await createTestApp({
      channels: cloudChannels(graphPort),
    });
    ({ a, adminA, userA, adminB } = await twoTenants(t, { plan: { connections: 5 } }));
    simulatorId = (await connectedSimulator(t, a.company.id, 'Simulada')).id;
    cloudId = await createCloudConnection(t, adminA, APP_SECRET);
    fake = await startFakeGraphApi({ port: graphPort, appSecret: APP_SECRET, webhookUrl: cloudWebhookUrl(t, cloudId) });
    await startCloudConnection(t, adminA, cloudId);
  });
  afterAll(async () => {
    await fake?.close();
    await t?.close();
  });

  describe('on the simulator', () => {
    it('stores ours pointing at the message, emits it live, and the phone receives it with its target', async () => {
      const ticket = await customerWrites(t, adminA, simulatorId, '5511933331001', 'Chegou o pedido!', 'Rita');
      await t.http().put(`/api/tickets/${ticket.id}`).set(adminA.auth).send({ status: 'open', userId: a.admin.id }).expect(200);
      const target = (await t.http().get(`/api/messages/${ticket.id}`).set(adminA.auth)).body.messages.find((m: MessageBody) => !m.fromMe) as MessageBody;
      const [{ provider_id: targetProviderId }] = (await rows<{ provider_id: string }>(t, 'select provider_id from messages where id = ?', [target.id])) as [
        { provider_id: string },
      ];
      const socket = await connectSocket(t, adminA.token);
      expect(await socket.timeout(2000).emitWithAck('joinChatBox', ticket.id)).toEqual({ ok: true });
      const live: Array<{ action: string; message: MessageBody }> = [];
      socket.on(`company-${a.company.id}-appMessage`, (p: { action: string; message: MessageBody }) => live.push(p));

      const first = await react(adminA, target.id, '👍');
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({ body: '👍', fromMe: true, mediaType: 'reactionMessage', quotedMsgId: target.id, ticketId: ticket.id });
      await waitFor(() => live.some((p) => p.action === 'create' && p.message.id === first.body.id));
      // The simulator acks it like any send.
      await waitFor(() => live.some((p) => p.action === 'update' && p.message.id === first.body.id && p.message.ack === 3));
      expect(simulatorWire().find((w) => w.providerId === first.body.providerId)).toMatchObject({
        to: '5511933331001',
        reaction: { targetId: targetProviderId, emoji: '👍' },
      });
      const page = (await t.http().get(`/api/messages/${ticket.id}`).set(adminA.auth)).body.messages as MessageBody[];
      expect(page.filter((m) => m.mediaType === 'reactionMessage')).toEqual([
        expect.objectContaining({ id: first.body.id, body: '👍', quotedMsgId: target.id }),
      ]);

      // A second reaction of ours replaces the first: one row left, the old one deleted live.
      const second = await react(adminA, target.id, '❤️');
      expect(second.status).toBe(201);
      expect(await ourReactions(target.id)).toEqual([{ id: second.body.id, body: '❤️' }]);
      await waitFor(() => live.some((p) => p.action === 'delete' && p.message.id === first.body.id));
      expect(simulatorWire().find((w) => w.providerId === second.body.providerId)?.reaction).toEqual({ targetId: targetProviderId, emoji: '❤️' });

      // '' takes ours back: WhatsApp gets the empty reaction, and only that (empty) one of ours remains.
      const removed = await react(adminA, target.id, '');
      expect(removed.status).toBe(201);
      expect(removed.body).toMatchObject({ body: '', mediaType: 'reactionMessage', quotedMsgId: target.id });
      expect(await ourReactions(target.id)).toEqual([{ id: removed.body.id, body: '' }]);
      expect(simulatorWire().find((w) => w.providerId === removed.body.providerId)?.reaction).toEqual({ targetId: targetProviderId, emoji: '' });
      await waitFor(() => live.some((p) => p.action === 'delete' && p.message.id === second.body.id));
      // Reactions show under their message: the ticket's last message is still the customer's text.
      const [preview] = await rows<{ last_message: string }>(t, 'select last_message from tickets where id = ?', [ticket.id]);
      expect(preview!.last_message).toBe('Chegou o pedido!');
      socket.close();
    });

    it('refuses a bad emoji, a reaction to a reaction, another tenant and who may not write in the ticket', async () => {
      const ticket = await customerWrites(t, adminA, simulatorId, '5511933331002', 'Bom dia');
      await t.http().put(`/api/tickets/${ticket.id}`).set(adminA.auth).send({ status: 'open', userId: a.admin.id }).expect(200);
      const target = (await t.http().get(`/api/messages/${ticket.id}`).set(adminA.auth)).body.messages[0] as MessageBody;
      const sentBefore = simulatorWire().length;

      for (const emoji of ['ok', '👍👍', ' ', 7, null, 'x'.repeat(40)]) {
        const res = await react(adminA, target.id, emoji);
        expect(res.status).toBe(400);
      }
      expect((await t.http().post(`/api/messages/${target.id}/reactions`).set(adminA.auth).send({})).status).toBe(400);
      expect((await react(adminA, 'abc', '👍')).status).toBe(400);
      // Another company's message does not exist for this one.
      const other = await react(adminB, target.id, '👍');
      expect(other.status).toBe(404);
      expect(other.body.error).toBe('ERR_NO_MESSAGE_FOUND');
      expect((await react(adminA, 999_999_999, '👍')).status).toBe(404);
      // A user may not write in a ticket another attendant holds (the send rule).
      const refused = await react(userA, target.id, '👍');
      expect(refused.status).toBe(403);
      expect((await t.http().post(`/api/messages/${ticket.id}`).set(userA.auth).send({ body: 'x' })).status).toBe(403);
      expect(simulatorWire().length).toBe(sentBefore);

      const ours = await react(adminA, target.id, '🙏');
      expect(ours.status).toBe(201);
      const onReaction = await react(adminA, ours.body.id, '👍');
      expect(onReaction.status).toBe(400);
      expect(onReaction.body.error).toBe('ERR_REACTION_NOT_ALLOWED');

      // Once the ticket is the user's, they react like they write.
      await t.http().put(`/api/tickets/${ticket.id}`).set(adminA.auth).send({ status: 'open', userId: a.user.id, queueId: a.queues[0]!.id }).expect(200);
      const mine = await react(userA, target.id, '😂');
      expect(mine.status).toBe(201);
      expect(await ourReactions(target.id)).toEqual([{ id: mine.body.id, body: '😂' }]);

      // A closed ticket takes no more writing.
      await t.http().put(`/api/tickets/${ticket.id}`).set(adminA.auth).send({ status: 'closed' }).expect(200);
      const closed = await react(adminA, target.id, '👍');
      expect(closed.status).toBe(400);
      expect(closed.body.error).toBe('ERR_TICKET_CLOSED');
    });
  });

  describe('on the WhatsApp Cloud API', () => {
    it("sends Meta's documented reaction message naming the customer's wamid, and takes it back with an empty emoji", async () => {
      expect(
        await fake.deliverInbound(FAKE_PHONE_NUMBER_ID, {
          from: CLOUD_CUSTOMER,
          id: 'wamid.REACT-TARGET',
          profileName: 'Caio',
          type: 'text',
          text: { body: 'Obrigado!' },
        }),
      ).toBe(200);
      await drainPipeline(t);
      const [{ id: targetId, ticket_id: ticketId }] = (await rows<{ id: number; ticket_id: number }>(
        t,
        "select id, ticket_id from messages where company_id = ? and provider_id = 'wamid.REACT-TARGET'",
        [a.company.id],
      )) as [{ id: number; ticket_id: number }];
      await t.http().put(`/api/tickets/${ticketId}`).set(adminA.auth).send({ status: 'open', userId: a.admin.id }).expect(200);

      const res = await react(adminA, targetId, '❤️');
      expect(res.status).toBe(201);
      const wire = fake.wire.at(-1)!;
      expect(wire.type).toBe('reaction');
      expect(wire.payload).toEqual({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: CLOUD_CUSTOMER,
        type: 'reaction',
        reaction: { message_id: 'wamid.REACT-TARGET', emoji: '❤️' },
      });
      // Meta's id replaces the one the row was written under.
      expect(res.body).toMatchObject({ body: '❤️', mediaType: 'reactionMessage', quotedMsgId: targetId, fromMe: true });
      expect((await rows<{ provider_id: string }>(t, 'select provider_id from messages where id = ?', [res.body.id]))[0]!.provider_id).toBe(wire.id);

      const removed = await react(adminA, targetId, '');
      expect(removed.status).toBe(201);
      expect(fake.wire.at(-1)!.payload).toEqual({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: CLOUD_CUSTOMER,
        type: 'reaction',
        reaction: { message_id: 'wamid.REACT-TARGET', emoji: '' },
      });
      expect(await ourReactions(targetId)).toEqual([{ id: removed.body.id, body: '' }]);
    });
  });
});
