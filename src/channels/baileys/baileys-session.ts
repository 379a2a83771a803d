import { Logger } from '@nestjs/common';
import {
  downloadMediaMessage,
  generateMessageIDV2,
  jidNormalizedUser,
  makeCacheableSignalKeyStore,
  type AnyMessageContent,
  type BaileysEventMap,
  type ConnectionState,
  type WAMessage,
} from '@whiskeysockets/baileys';
import { pino } from 'pino';
import type {
  ChannelEvents,
  ChannelSession,
  ConnectionRef,
  MessageKeyRef,
  NumberCheck,
  OutgoingMedia,
  SendOptions,
  SendResult,
  StartOptions,
} from '../channel-provider.js';
import { brazilianVariants, jidFor, normaliseNumber } from '../numbers.js';
import { loadAuthState, serialised, type AuthKeyStore, type StoredAuthState } from './auth-state.js';
import { mapCall } from './call-mapper.js';
import { classifyClose } from './close-classifier.js';
import { toJid, userOf } from './jids.js';
import { KeyCache } from './key-cache.js';
import { ackFromReceipt, changeFromProtocolMessage, changesFromUpdate, type MessageChange } from './message-changes.js';
import { dateFromSeconds } from './message-content.js';
import { mapBaileysMessage } from './message-mapper.js';
import { mediaContent, quotedMessage, toMessageKey } from './outgoing.js';
import type { BaileysSocket, SocketFactory } from './socket.js';

/** Baileys logs every frame; the session reports what matters through ChannelEvents and the Nest logger. */
const baileysLogger = pino({ level: 'silent' });

/** Edits and revokes reach us twice (the protocol message, then Baileys' update); remember recent ones to report once. */
const RECENT_CHANGES = 1000;

export interface BaileysSessionDeps {
  store: AuthKeyStore;
  makeSocket: SocketFactory;
}

export class BaileysSession implements ChannelSession {
  private readonly store: AuthKeyStore;
  private readonly makeSocket: SocketFactory;
  private readonly log: Logger;
  private sock: BaileysSocket | null = null;
  /** Bumped by every stop: a start still loading its credentials when stopped must not open a socket after all. */
  private generation = 0;
  private unsubscribe: (() => void)[] = [];
  private readonly reported = new Set<string>();

  constructor(
    connection: ConnectionRef,
    private readonly events: ChannelEvents,
    deps: BaileysSessionDeps,
  ) {
    this.store = serialised(deps.store);
    this.makeSocket = deps.makeSocket;
    this.log = new Logger(`BaileysSession:${connection.id}`);
  }

  async start(options: StartOptions = {}): Promise<void> {
    const generation = ++this.generation;
    await this.detach()?.end(undefined);
    const auth = await loadAuthState(this.store);
    if (generation !== this.generation) return;
    const sock = this.makeSocket({
      auth: { creds: auth.state.creds, keys: makeCacheableSignalKeyStore(auth.state.keys, baileysLogger, new KeyCache()) },
      logger: baileysLogger,
      printQRInTerminal: false,
      markOnlineOnConnect: false,
      syncFullHistory: false,
    });
    this.sock = sock;
    const pairingPhone = options.pairingPhone && !auth.state.creds.registered ? normaliseNumber(options.pairingPhone) : null;
    this.subscribe(sock, auth, pairingPhone);
  }

  async stop(): Promise<void> {
    this.generation += 1;
    const sock = this.detach();
    await sock?.end(undefined);
  }

  async logout(): Promise<void> {
    this.generation += 1;
    const sock = this.detach();
    try {
      await sock?.logout();
    } catch (error) {
      // A dead socket cannot unlink the device; dropping the credentials still ends the session here.
      this.log.warn(`logout could not reach WhatsApp: ${(error as Error).message}`);
      await sock?.end(undefined);
    }
    await this.store.clear();
  }

  newMessageId(): string {
    return generateMessageIDV2(this.sock?.user?.id);
  }

  sendText(to: string, body: string, options: SendOptions): Promise<SendResult> {
    return this.send(toJid(to), { text: body }, options);
  }

  sendMedia(to: string, media: OutgoingMedia, options: SendOptions): Promise<SendResult> {
    return this.send(toJid(to), mediaContent(media), options);
  }

  async edit(key: MessageKeyRef, body: string): Promise<void> {
    await this.socket().sendMessage(key.remoteJid, { text: body, edit: toMessageKey(key) });
  }

  async deleteForEveryone(key: MessageKeyRef): Promise<void> {
    await this.socket().sendMessage(key.remoteJid, { delete: toMessageKey(key) });
  }

  /** WhatsApp carries a reaction as a message of its own naming the target's key; an empty text takes it back. */
  sendReaction(to: string, target: MessageKeyRef, emoji: string, options: SendOptions): Promise<SendResult> {
    return this.send(toJid(to), { react: { text: emoji, key: toMessageKey(target) } }, { id: options.id });
  }

  async markRead(keys: MessageKeyRef[]): Promise<void> {
    if (keys.length) await this.socket().readMessages(keys.map(toMessageKey));
  }

  /** Brazilian mobiles exist with and without the ninth digit; WhatsApp answers for the one it knows. */
  async checkNumber(number: string): Promise<NumberCheck> {
    const sock = this.socket();
    for (const variant of brazilianVariants(number)) {
      const [found] = (await sock.onWhatsApp(jidFor(variant))) ?? [];
      if (found?.exists) {
        const jid = jidNormalizedUser(found.jid);
        return { exists: true, number: userOf(jid), jid };
      }
    }
    const normalised = normaliseNumber(number);
    return { exists: false, number: normalised, jid: jidFor(normalised) };
  }

  /** Privacy settings and missing pictures both end in an error; either way there is no picture to show. */
  async profilePictureUrl(jid: string): Promise<string | null> {
    try {
      return (await this.socket().profilePictureUrl(jid, 'image')) ?? null;
    } catch {
      return null;
    }
  }

  private socket(): BaileysSocket {
    if (!this.sock) throw new Error('WhatsApp session is not connected');
    return this.sock;
  }

  private async send(jid: string, content: AnyMessageContent, options: SendOptions): Promise<SendResult> {
    const sent = await this.socket().sendMessage(jid, content, { messageId: options.id, quoted: quotedMessage(options.quoted) });
    return {
      providerId: sent?.key.id ?? options.id,
      remoteJid: sent?.key.remoteJid ?? jid,
      timestamp: sent ? dateFromSeconds(sent.messageTimestamp) : new Date(),
    };
  }

  /** Stops listening to the current socket so a closed or replaced socket never reports again. */
  private detach(): BaileysSocket | null {
    const sock = this.sock;
    for (const off of this.unsubscribe) off();
    this.unsubscribe = [];
    this.sock = null;
    return sock;
  }

  private on<E extends keyof BaileysEventMap>(sock: BaileysSocket, event: E, handler: (arg: BaileysEventMap[E]) => void): void {
    // A failing consumer must not break Baileys' own event processing.
    const guarded = (arg: BaileysEventMap[E]): void => {
      try {
        handler(arg);
      } catch (error) {
        this.log.error(`${event} handler failed: ${(error as Error).message}`, (error as Error).stack);
      }
    };
    sock.ev.on(event, guarded);
    this.unsubscribe.push(() => sock.ev.off(event, guarded));
  }

  private subscribe(sock: BaileysSocket, auth: StoredAuthState, pairingPhone: string | null): void {
    let pairing: 'wanted' | 'requested' | 'off' = pairingPhone ? 'wanted' : 'off';
    this.on(sock, 'connection.update', (update) => {
      if (update.qr && pairing === 'off') this.events.qr(update.qr);
      // The pairing request needs an open websocket; the first QR is the signal that it is ready.
      if (update.qr && pairing === 'wanted' && pairingPhone) {
        pairing = 'requested';
        const qr = update.qr;
        // The answer may arrive after a stop or restart; only the current socket reports.
        sock
          .requestPairingCode(pairingPhone)
          .then(
            (code) => {
              if (this.sock === sock) this.events.pairingCode(code);
            },
            (error: Error) => {
              this.log.warn(`pairing code request failed, falling back to QR: ${error.message}`);
              pairing = 'off';
              if (this.sock === sock) this.events.qr(qr);
            },
          )
          .catch((error: Error) => this.log.error(`pairing handler failed: ${error.message}`));
      }
      if (update.connection === 'open') this.events.connected({ phoneNumber: userOf(sock.user?.id) || null });
      if (update.connection === 'close') {
        this.closed(update.lastDisconnect).catch((error: Error) => this.log.error(`close handler failed: ${error.message}`));
      }
    });
    this.on(sock, 'creds.update', () => {
      auth.saveCreds().catch((error: Error) => this.log.error(`saving credentials failed: ${error.message}`));
    });
    this.on(sock, 'messages.upsert', ({ messages }) => {
      for (const msg of messages) this.upserted(sock, msg);
    });
    this.on(sock, 'messages.update', (updates) => {
      for (const change of updates.flatMap(changesFromUpdate)) this.report(change);
    });
    this.on(sock, 'message-receipt.update', (receipts) => {
      for (const receipt of receipts) {
        const change = ackFromReceipt(receipt);
        if (change) this.report(change);
      }
    });
    this.on(sock, 'call', (calls) => {
      for (const call of calls) if (call.status === 'offer') this.recorded(this.events.call(mapCall(call)));
    });
  }

  private upserted(sock: BaileysSocket, msg: WAMessage): void {
    const change = changeFromProtocolMessage(msg);
    if (change) {
      this.report(change);
      return;
    }
    const inbound = mapBaileysMessage(msg, (m) => downloadMediaMessage(m, 'buffer', {}, { reuploadRequest: sock.updateMediaMessage, logger: baileysLogger }));
    if (inbound) this.recorded(this.events.message(inbound));
  }

  private async closed(lastDisconnect: ConnectionState['lastDisconnect']): Promise<void> {
    this.detach();
    const info = classifyClose(lastDisconnect);
    // Unlinked or banned credentials would fail again on the next start; drop them before anyone restarts.
    if (info.loggedOut) await this.store.clear().catch((error: Error) => this.log.error(`clearing credentials failed: ${error.message}`));
    this.events.closed(info);
  }

  private report(change: MessageChange): void {
    if (change.kind === 'ack') {
      this.recorded(this.events.ack(change.providerId, change.ack));
      return;
    }
    const id = change.kind === 'edit' ? `edit:${change.providerId}:${change.body}` : `revoke:${change.providerId}`;
    if (this.reported.has(id)) return;
    this.reported.add(id);
    if (this.reported.size > RECENT_CHANGES) this.reported.delete(this.reported.values().next().value as string);
    if (change.kind === 'edit') this.recorded(this.events.edit(change.providerId, change.body, change.editedAt));
    else this.recorded(this.events.revoke(change.providerId));
  }

  /**
   * Baileys sends its delivery receipt on its own schedule, so the event is written to the inbox as soon as it
   * arrives; a failure to record it is logged loudly.
   */
  private recorded(write: Promise<void>): void {
    write.catch((error: Error) => this.log.error(`inbound event not recorded: ${error.message}`));
  }
}
