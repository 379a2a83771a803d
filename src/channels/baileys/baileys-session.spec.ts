import { EventEmitter } from 'node:events';
import { Logger } from '@nestjs/common';
import { beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import {
  proto,
  WAMessageStubType,
  type AnyMessageContent,
  type BaileysEventMap,
  type Contact,
  type MiscMessageGenerationOptions,
  type UserFacingSocketConfig,
  type WAMessage,
  type WAMessageKey,
} from '@whiskeysockets/baileys';
import type { ChannelEvents } from '../channel-provider.js';
import type { AuthKeyStore, AuthKeyWrite } from './auth-state.js';
import { BaileysSession } from './baileys-session.js';
import type { BaileysSocket } from './socket.js';

const CUSTOMER = '5511988887777@s.whatsapp.net';

/** Baileys' event buffer delivers through on/off like an EventEmitter; the fake emits synchronously. */
class FakeEvents {
  private readonly emitter = new EventEmitter();

  on<T extends keyof BaileysEventMap>(event: T, listener: (arg: BaileysEventMap[T]) => void): void {
    this.emitter.on(event, listener);
  }

  off<T extends keyof BaileysEventMap>(event: T, listener: (arg: BaileysEventMap[T]) => void): void {
    this.emitter.off(event, listener);
  }

  emit<T extends keyof BaileysEventMap>(event: T, arg: BaileysEventMap[T]): void {
    this.emitter.emit(event, arg);
  }
}

class FakeSocket implements BaileysSocket {
  readonly ev = new FakeEvents();
  user: Contact | undefined = { id: '5511900001111:7@s.whatsapp.net' };
  readonly sent: { jid: string; content: AnyMessageContent; options?: MiscMessageGenerationOptions }[] = [];
  readonly read: WAMessageKey[][] = [];
  readonly lookups: string[] = [];
  ended: (Error | undefined)[] = [];
  loggedOut = 0;
  pairingRequests: string[] = [];
  /** Numbers WhatsApp knows, as the phone-number jids it answers with. */
  known = new Set(['551188887777@s.whatsapp.net']);

  async sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions): Promise<WAMessage | undefined> {
    this.sent.push({ jid, content, options });
    return { key: { id: options?.messageId ?? 'GENERATED', remoteJid: jid, fromMe: true }, messageTimestamp: 1_700_000_000 };
  }

  async logout(): Promise<void> {
    this.loggedOut++;
  }

  async end(error: Error | undefined): Promise<void> {
    this.ended.push(error);
  }

  async onWhatsApp(...jids: string[]): Promise<{ jid: string; exists: boolean }[] | undefined> {
    this.lookups.push(...jids);
    return jids.filter((jid) => this.known.has(jid)).map((jid) => ({ jid, exists: true }));
  }

  async readMessages(keys: WAMessageKey[]): Promise<void> {
    this.read.push(keys);
  }

  async profilePictureUrl(jid: string): Promise<string | undefined> {
    if (jid === CUSTOMER) return 'https://pps.whatsapp.net/customer.jpg';
    throw new Error('item-not-found');
  }

  async requestPairingCode(phoneNumber: string): Promise<string> {
    this.pairingRequests.push(phoneNumber);
    return 'ABCD1234';
  }

  async updateMediaMessage(message: WAMessage): Promise<WAMessage> {
    return message;
  }
}

class MemoryStore implements AuthKeyStore {
  readonly rows = new Map<string, string>();

  async read(type: string, keyIds: string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    for (const id of keyIds) {
      const value = this.rows.get(`${type}/${id}`);
      if (value !== undefined) found.set(id, value);
    }
    return found;
  }

  async write(rows: AuthKeyWrite[]): Promise<void> {
    for (const row of rows) {
      if (row.value === null) this.rows.delete(`${row.type}/${row.keyId}`);
      else this.rows.set(`${row.type}/${row.keyId}`, row.value);
    }
  }

  async clear(): Promise<void> {
    this.rows.clear();
  }
}

type Reported = [keyof ChannelEvents, ...unknown[]];

function recorder(): { events: ChannelEvents; reported: Reported[] } {
  const reported: Reported[] = [];
  const events: ChannelEvents = {
    qr: (qr) => reported.push(['qr', qr]),
    pairingCode: (code) => reported.push(['pairingCode', code]),
    connected: (info) => reported.push(['connected', info]),
    closed: (info) => reported.push(['closed', info]),
    message: async (message) => void reported.push(['message', message]),
    ack: async (id, ack) => void reported.push(['ack', id, ack]),
    edit: async (id, body, at) => void reported.push(['edit', id, body, at]),
    revoke: async (id) => void reported.push(['revoke', id]),
    call: async (call) => void reported.push(['call', call]),
  };
  return { events, reported };
}

/** Lets the session's promise chains (credential writes, close handling) settle. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

const closeWith = (statusCode: number) => ({
  connection: 'close' as const,
  lastDisconnect: { error: Object.assign(new Error('closed'), { output: { statusCode } }), date: new Date() },
});

describe('BaileysSession', () => {
  let sockets: FakeSocket[];
  let configs: UserFacingSocketConfig[];
  let store: MemoryStore;
  let reported: Reported[];
  let session: BaileysSession;
  const sock = () => sockets[sockets.length - 1]!;

  // The session logs consumer and pairing failures; the tests provoke them on purpose.
  beforeAll(() => Logger.overrideLogger(false));

  beforeEach(async () => {
    sockets = [];
    configs = [];
    store = new MemoryStore();
    const recorded = recorder();
    reported = recorded.reported;
    session = new BaileysSession({ id: 42, companyId: 7, name: 'Vendas' }, recorded.events, {
      store,
      makeSocket: (config) => {
        configs.push(config);
        const fake = new FakeSocket();
        sockets.push(fake);
        return fake;
      },
    });
  });

  describe('lifecycle', () => {
    it('opens a quiet socket with the stored auth state', async () => {
      await session.start();
      expect(configs).toHaveLength(1);
      expect(configs[0]).toMatchObject({ printQRInTerminal: false, markOnlineOnConnect: false, syncFullHistory: false });
      expect(configs[0]!.logger?.level).toBe('silent');
      expect(configs[0]!.auth.creds.registered).toBe(false);
    });

    it('opens no socket when stopped while its credentials were still loading', async () => {
      const starting = session.start();
      await session.stop();
      await starting;
      expect(sockets).toHaveLength(0);
    });

    it('reports QR codes and the connected phone number', async () => {
      await session.start();
      sock().ev.emit('connection.update', { qr: '2@qr-one' });
      sock().ev.emit('connection.update', { connection: 'open' });
      expect(reported).toEqual([
        ['qr', '2@qr-one'],
        ['connected', { phoneNumber: '5511900001111' }],
      ]);
    });

    it('asks for a pairing code once the socket is ready instead of showing the QR', async () => {
      await session.start({ pairingPhone: '+55 (11) 98888-7777' });
      sock().ev.emit('connection.update', { qr: '2@qr-one' });
      sock().ev.emit('connection.update', { qr: '2@qr-two' });
      await settle();
      expect(sock().pairingRequests).toEqual(['5511988887777']);
      expect(reported).toEqual([['pairingCode', 'ABCD1234']]);
    });

    it('falls back to the QR when the pairing request fails', async () => {
      await session.start({ pairingPhone: '5511988887777' });
      sock().requestPairingCode = async () => {
        throw new Error('Connection Closed');
      };
      sock().ev.emit('connection.update', { qr: '2@qr-one' });
      await settle();
      expect(reported).toEqual([['qr', '2@qr-one']]);
    });

    it('persists credentials on creds.update', async () => {
      await session.start();
      configs[0]!.auth.creds.registered = true;
      sock().ev.emit('creds.update', { registered: true });
      await settle();
      expect(JSON.parse(store.rows.get('creds/creds')!)).toMatchObject({ registered: true });
    });

    it('reports a logged-out close and drops the credentials', async () => {
      await session.start();
      sock().ev.emit('creds.update', {});
      await settle();
      sock().ev.emit('connection.update', closeWith(401));
      await settle();
      expect(reported).toEqual([['closed', { loggedOut: true, reason: 'logged out from the phone (401)', statusCode: 401 }]]);
      expect(store.rows.size).toBe(0);
    });

    it.each([515, 428])('reports close %i as transient and keeps the credentials', async (code) => {
      await session.start();
      sock().ev.emit('creds.update', {});
      await settle();
      sock().ev.emit('connection.update', closeWith(code));
      await settle();
      expect(reported).toEqual([['closed', expect.objectContaining({ loggedOut: false, statusCode: code })]]);
      expect(store.rows.has('creds/creds')).toBe(true);
    });

    it('restarts on a new socket after a close, and the old socket stays silent', async () => {
      await session.start();
      const first = sock();
      first.ev.emit('connection.update', closeWith(515));
      await settle();
      await session.start();
      first.ev.emit('connection.update', { qr: 'stale' });
      sock().ev.emit('connection.update', { connection: 'open' });
      expect(sockets).toHaveLength(2);
      expect(reported.map(([name]) => name)).toEqual(['closed', 'connected']);
    });

    it('stop ends the websocket without logging out and reports nothing more', async () => {
      await session.start();
      sock().ev.emit('creds.update', {});
      await settle();
      const stopped = sock();
      await session.stop();
      stopped.ev.emit('connection.update', closeWith(428));
      await settle();
      expect(stopped.ended).toEqual([undefined]);
      expect(stopped.loggedOut).toBe(0);
      expect(reported).toEqual([]);
      expect(store.rows.has('creds/creds')).toBe(true);
      await expect(session.sendText(CUSTOMER, 'oi', { id: 'X' })).rejects.toThrow('not connected');
    });

    it('logout unlinks the device and deletes the credentials', async () => {
      await session.start();
      sock().ev.emit('creds.update', {});
      await settle();
      await session.logout();
      expect(sock().loggedOut).toBe(1);
      expect(store.rows.size).toBe(0);
    });

    it('logout still deletes the credentials when WhatsApp cannot be reached', async () => {
      await session.start();
      sock().ev.emit('creds.update', {});
      await settle();
      sock().logout = async () => {
        throw new Error('Connection Closed');
      };
      await session.logout();
      expect(sock().ended).toEqual([undefined]);
      expect(store.rows.size).toBe(0);
    });
  });

  describe('inbound events', () => {
    beforeEach(() => session.start());

    const upsert = (message: proto.IMessage, id = 'IN1'): void =>
      sock().ev.emit('messages.upsert', {
        type: 'notify',
        messages: [{ key: { id, remoteJid: CUSTOMER, fromMe: false }, message, messageTimestamp: 1_700_000_000, pushName: 'Maria' }],
      });

    it('maps an upserted text message', () => {
      upsert({ conversation: 'Olá' });
      expect(reported).toEqual([['message', expect.objectContaining({ providerId: 'IN1', body: 'Olá', contactNumber: '5511988887777', pushName: 'Maria' })]]);
    });

    it('ignores status broadcasts and stubs', () => {
      sock().ev.emit('messages.upsert', {
        type: 'notify',
        messages: [
          { key: { id: 'S1', remoteJid: 'status@broadcast', participant: CUSTOMER }, message: { conversation: 'story' } },
          { key: { id: 'S2', remoteJid: CUSTOMER }, messageStubType: WAMessageStubType.CIPHERTEXT },
        ],
      });
      expect(reported).toEqual([]);
    });

    it('reports delivery status and receipts as acks', () => {
      const key = { id: 'OUT1', remoteJid: CUSTOMER, fromMe: true };
      sock().ev.emit('messages.update', [{ key, update: { status: proto.WebMessageInfo.Status.DELIVERY_ACK } }]);
      sock().ev.emit('message-receipt.update', [{ key, receipt: { userJid: CUSTOMER, readTimestamp: 1 } }]);
      sock().ev.emit('message-receipt.update', [{ key, receipt: { userJid: CUSTOMER, playedTimestamp: 2 } }]);
      expect(reported).toEqual([
        ['ack', 'OUT1', 3],
        ['ack', 'OUT1', 4],
        ['ack', 'OUT1', 5],
      ]);
    });

    it('routes an edit once, whether it comes as protocol message or as update', () => {
      upsert(
        {
          editedMessage: {
            message: {
              protocolMessage: {
                type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
                key: { id: 'ORIGINAL', remoteJid: CUSTOMER },
                editedMessage: { conversation: 'texto corrigido' },
                timestampMs: 1_700_000_005_000,
              },
            },
          },
        },
        'EDIT-PROTO',
      );
      sock().ev.emit('messages.update', [
        {
          key: { id: 'ORIGINAL', remoteJid: CUSTOMER },
          update: { message: { editedMessage: { message: { conversation: 'texto corrigido' } } }, messageTimestamp: 1_700_000_005 },
        },
      ]);
      expect(reported).toEqual([['edit', 'ORIGINAL', 'texto corrigido', new Date(1_700_000_005_000)]]);
    });

    it('routes revokes from a protocol message and from a revoke stub update, once each', () => {
      upsert({ protocolMessage: { type: proto.Message.ProtocolMessage.Type.REVOKE, key: { id: 'GONE1', remoteJid: CUSTOMER } } }, 'REVOKE-PROTO');
      sock().ev.emit('messages.update', [
        { key: { id: 'GONE1', remoteJid: CUSTOMER }, update: { message: null, messageStubType: WAMessageStubType.REVOKE } },
        { key: { id: 'GONE2', remoteJid: CUSTOMER }, update: { message: null, messageStubType: WAMessageStubType.REVOKE } },
      ]);
      expect(reported).toEqual([
        ['revoke', 'GONE1'],
        ['revoke', 'GONE2'],
      ]);
    });

    it('reports incoming call offers only', () => {
      const call = { chatId: CUSTOMER, from: CUSTOMER, id: 'CALL1', date: new Date(1_700_000_000_000), offline: false };
      sock().ev.emit('call', [
        { ...call, status: 'offer', isVideo: false },
        { ...call, status: 'terminate' },
      ]);
      expect(reported).toEqual([['call', { callId: 'CALL1', from: CUSTOMER, isVideo: false, isGroup: false, timestamp: call.date }]]);
    });

    it('keeps Baileys running when a consumer throws', async () => {
      const fake = new FakeSocket();
      const failing = {
        ...recorder().events,
        message: () => {
          throw new Error('database down');
        },
      };
      await new BaileysSession({ id: 1, companyId: 7, name: 'x' }, failing, { store, makeSocket: () => fake }).start();
      const emit = () =>
        fake.ev.emit('messages.upsert', { type: 'notify', messages: [{ key: { id: 'A', remoteJid: CUSTOMER }, message: { conversation: 'oi' } }] });
      expect(emit).not.toThrow();
    });
  });

  describe('outbound', () => {
    beforeEach(() => session.start());

    it('sends text with the caller-chosen id and the quoted message', async () => {
      const result = await session.sendText('55 11 98888-7777', 'Resposta', {
        id: 'CHOSEN1',
        quoted: { providerId: 'Q1', remoteJid: CUSTOMER, fromMe: false, body: 'Pergunta' },
      });
      expect(sock().sent).toEqual([
        {
          jid: CUSTOMER,
          content: { text: 'Resposta' },
          options: {
            messageId: 'CHOSEN1',
            quoted: { key: { id: 'Q1', remoteJid: CUSTOMER, fromMe: false, participant: undefined }, message: { conversation: 'Pergunta' } },
          },
        },
      ]);
      expect(result).toEqual({ providerId: 'CHOSEN1', remoteJid: CUSTOMER, timestamp: new Date(1_700_000_000_000) });
    });

    it('sends media as the kind its mimetype names', async () => {
      const buffer = Buffer.from('bytes');
      await session.sendMedia(CUSTOMER, { buffer, mimetype: 'image/png', fileName: 'a.png', caption: 'foto' }, { id: 'M1' });
      await session.sendMedia(CUSTOMER, { buffer, mimetype: 'video/mp4', fileName: 'a.mp4' }, { id: 'M2' });
      await session.sendMedia(CUSTOMER, { buffer, mimetype: 'audio/ogg; codecs=opus', fileName: 'a.ogg', ptt: true }, { id: 'M3' });
      await session.sendMedia(CUSTOMER, { buffer, mimetype: 'application/pdf', fileName: 'boleto.pdf', caption: 'segue' }, { id: 'M4' });
      expect(sock().sent.map((s) => s.content)).toEqual([
        { image: buffer, mimetype: 'image/png', caption: 'foto' },
        { video: buffer, mimetype: 'video/mp4', caption: undefined },
        { audio: buffer, mimetype: 'audio/ogg; codecs=opus', ptt: true },
        { document: buffer, mimetype: 'application/pdf', fileName: 'boleto.pdf', caption: 'segue' },
      ]);
      expect(sock().sent.map((s) => s.options?.messageId)).toEqual(['M1', 'M2', 'M3', 'M4']);
    });

    it('edits, deletes for everyone and marks as read by message key', async () => {
      const key = { providerId: 'OUT1', remoteJid: CUSTOMER, fromMe: true };
      const waKey = { id: 'OUT1', remoteJid: CUSTOMER, fromMe: true, participant: undefined };
      await session.edit(key, 'novo texto');
      await session.deleteForEveryone(key);
      await session.markRead([{ providerId: 'IN1', remoteJid: '120363025246125888@g.us', fromMe: false, participant: CUSTOMER }]);
      await session.markRead([]);
      expect(sock().sent.map(({ jid, content }) => ({ jid, content }))).toEqual([
        { jid: CUSTOMER, content: { text: 'novo texto', edit: waKey } },
        { jid: CUSTOMER, content: { delete: waKey } },
      ]);
      expect(sock().read).toEqual([[{ id: 'IN1', remoteJid: '120363025246125888@g.us', fromMe: false, participant: CUSTOMER }]]);
    });

    it('reacts with the target message key under the id fixed before the send; an empty text takes it back', async () => {
      const target = { providerId: 'IN7', remoteJid: '120363025246125888@g.us', fromMe: false, participant: CUSTOMER };
      const waKey = { id: 'IN7', remoteJid: '120363025246125888@g.us', fromMe: false, participant: CUSTOMER };
      const sent = await session.sendReaction('120363025246125888@g.us', target, '👍', { id: 'REACT1' });
      await session.sendReaction('120363025246125888@g.us', target, '', { id: 'REACT2' });
      expect(sock().sent.map(({ jid, content, options }) => ({ jid, content, id: (options as { messageId?: string }).messageId }))).toEqual([
        { jid: '120363025246125888@g.us', content: { react: { text: '👍', key: waKey } }, id: 'REACT1' },
        { jid: '120363025246125888@g.us', content: { react: { text: '', key: waKey } }, id: 'REACT2' },
      ]);
      expect(sent.providerId).toBe('REACT1');
    });

    it('resolves a Brazilian number to the variant WhatsApp knows', async () => {
      await expect(session.checkNumber('+55 11 98888-7777')).resolves.toEqual({ exists: true, number: '551188887777', jid: '551188887777@s.whatsapp.net' });
      expect(sock().lookups).toEqual(['5511988887777@s.whatsapp.net', '551188887777@s.whatsapp.net']);
    });

    it('answers with the normalised number when no variant exists', async () => {
      await expect(session.checkNumber('+55 21 99999-0000')).resolves.toEqual({ exists: false, number: '5521999990000', jid: '5521999990000@s.whatsapp.net' });
    });

    it('returns the profile picture or null on any error', async () => {
      await expect(session.profilePictureUrl(CUSTOMER)).resolves.toBe('https://pps.whatsapp.net/customer.jpg');
      await expect(session.profilePictureUrl('5521999990000@s.whatsapp.net')).resolves.toBeNull();
    });

    it('generates WhatsApp-style message ids', () => {
      const id = session.newMessageId();
      expect(id).toMatch(/^3EB0[0-9A-F]{18}$/);
      expect(session.newMessageId()).not.toBe(id);
    });
  });
});
