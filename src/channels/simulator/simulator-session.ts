import { createHash, randomBytes } from 'node:crypto';
import type {
  ChannelEvents,
  ChannelSession,
  ConnectionRef,
  InboundCall,
  InboundMessage,
  MessageKeyRef,
  NumberCheck,
  OutgoingMedia,
  SendOptions,
  SendResult,
  StartOptions,
} from '../channel-provider.js';
import { brazilianVariants, jidFor, normaliseNumber } from '../numbers.js';

export interface SimulatorLinkStore {
  isLinked(ref: ConnectionRef): Promise<boolean>;
  link(ref: ConnectionRef): Promise<void>;
  unlink(ref: ConnectionRef): Promise<void>;
}

/** How long the fake phone takes to "scan" a QR code by itself, and to deliver and read a sent message. */
export const SIMULATOR_TIMINGS = {
  autoScanMs: 1500,
  /** How long WhatsApp takes to accept a message to a number ending in SIMULATOR_SLOW_SUFFIX. */
  slowSendMs: 3000,
  linkedStartMs: 50,
  acks: [
    [30, 1],
    [150, 2],
    [300, 3],
  ] as Array<[number, number]>,
};

export const SIMULATOR_PHONE_PREFIX = '5500000000';

/** Numbers ending like this are on WhatsApp but refuse messages: the provider's "blocked" answer, for failure paths. */
export const SIMULATOR_BLOCKED_SUFFIX = '0999';

/** Numbers ending like this take `slowSendMs` to accept a message: a slow link, for crashes in the middle of a send. */
export const SIMULATOR_SLOW_SUFFIX = '7070';

/** A sent file as the fake WhatsApp saw it: enough to tell a voice note from a file without keeping the bytes. */
export interface WireMedia {
  mimetype: string;
  ptt: boolean;
  seconds: number | null;
  bytes: number;
  sha256: string;
}

/**
 * What "WhatsApp" received: one entry per send, so tests and benches can count deliveries outside the app. A send on a
 * slow link is also recorded when it starts (`underWay`), so a test can kill the process while the send is on its way.
 */
export type SimulatorWire = (entry: {
  connectionId: number;
  to: string;
  providerId: string;
  at: string;
  media?: WireMedia;
  /** A reaction: the message it is on and its emoji ('' takes it back). */
  reaction?: WireReaction;
  underWay?: true;
}) => void;

export interface WireReaction {
  targetId: string;
  emoji: string;
}

/**
 * A fake phone: links instantly when it was linked before (or after a fake QR scan), acks every send 1→2→3 over a
 * few hundred milliseconds, and lets scripts inject customer traffic. Numbers ending in 0000 are "not on WhatsApp".
 */
export class SimulatorSession implements ChannelSession {
  private readonly timers = new Set<NodeJS.Timeout>();
  private connected = false;

  constructor(
    readonly ref: ConnectionRef,
    private readonly events: ChannelEvents,
    private readonly links: SimulatorLinkStore,
    private readonly onEnd: () => void,
    private readonly wire: SimulatorWire = () => undefined,
  ) {}

  get isConnected(): boolean {
    return this.connected;
  }

  async start(options?: StartOptions): Promise<void> {
    if (await this.links.isLinked(this.ref)) {
      this.later(SIMULATOR_TIMINGS.linkedStartMs, () => this.markConnected());
      return;
    }
    if (options?.pairingPhone) {
      this.events.pairingCode(randomBytes(4).toString('hex').toUpperCase());
      this.later(SIMULATOR_TIMINGS.autoScanMs, () => void this.scan());
      return;
    }
    this.events.qr(`SIMULATOR:${this.ref.id}:${randomBytes(12).toString('hex')}`);
    this.later(SIMULATOR_TIMINGS.autoScanMs, () => void this.scan());
  }

  /** Completes the fake QR scan at once. */
  async scan(): Promise<void> {
    if (this.connected) return;
    await this.links.link(this.ref);
    this.markConnected();
  }

  async stop(): Promise<void> {
    this.end();
  }

  async logout(): Promise<void> {
    this.end();
    await this.links.unlink(this.ref);
  }

  newMessageId(): string {
    return `SIM${randomBytes(10).toString('hex').toUpperCase()}`;
  }

  async sendText(to: string, _body: string, options: SendOptions): Promise<SendResult> {
    await this.slowLink(to, options);
    return this.accept(to, options);
  }

  async sendMedia(to: string, media: OutgoingMedia, options: SendOptions): Promise<SendResult> {
    await this.slowLink(to, options);
    return this.accept(to, options, {
      mimetype: media.mimetype,
      ptt: Boolean(media.ptt),
      seconds: media.seconds ?? null,
      bytes: media.buffer.length,
      sha256: createHash('sha256').update(media.buffer).digest('hex'),
    });
  }

  async edit(): Promise<void> {
    this.assertConnected();
  }

  async deleteForEveryone(): Promise<void> {
    this.assertConnected();
  }

  async sendReaction(to: string, target: MessageKeyRef, emoji: string, options: SendOptions): Promise<SendResult> {
    await this.slowLink(to, options);
    return this.accept(to, options, undefined, { targetId: target.providerId, emoji });
  }

  async markRead(_keys: MessageKeyRef[]): Promise<void> {
    this.assertConnected();
  }

  async checkNumber(number: string): Promise<NumberCheck> {
    const digits = normaliseNumber(number);
    // Like WhatsApp, the fake phone knows Brazilian mobiles with the ninth digit.
    const known = brazilianVariants(digits).find((v) => v.startsWith('55') && v.length === 13) ?? digits;
    return { exists: digits.length >= 8 && !digits.endsWith('0000'), number: known, jid: jidFor(known) };
  }

  async profilePictureUrl(): Promise<string | null> {
    return null;
  }

  /** Customer traffic from the dev endpoint and `npm run simulate`; each resolves once the event is recorded. */
  injectMessage(message: InboundMessage): Promise<void> {
    this.assertConnected();
    return this.events.message(message);
  }

  injectEdit(providerId: string, body: string): Promise<void> {
    this.assertConnected();
    return this.events.edit(providerId, body, new Date());
  }

  injectRevoke(providerId: string): Promise<void> {
    this.assertConnected();
    return this.events.revoke(providerId);
  }

  injectAck(providerId: string, ack: number): Promise<void> {
    this.assertConnected();
    return this.events.ack(providerId, ack);
  }

  injectCall(call: InboundCall): Promise<void> {
    this.assertConnected();
    return this.events.call(call);
  }

  /** Simulates the phone dropping off (transient) or being unlinked from the phone (logged out). */
  injectClose(loggedOut: boolean): void {
    this.end();
    this.events.closed({ loggedOut, reason: loggedOut ? 'Aparelho desconectado pelo telefone' : 'Conexão perdida' });
  }

  private markConnected(): void {
    this.connected = true;
    this.events.connected({ phoneNumber: `${SIMULATOR_PHONE_PREFIX}${String(this.ref.id).padStart(3, '0')}` });
  }

  private async slowLink(to: string, options: SendOptions): Promise<void> {
    const number = normaliseNumber(to.split('@')[0] ?? to);
    if (!number.endsWith(SIMULATOR_SLOW_SUFFIX)) return;
    this.wire({ connectionId: this.ref.id, to: number, providerId: options.id, at: new Date().toISOString(), underWay: true });
    // Not one of the session's timers: a session ended meanwhile fails the send (accept) instead of leaving it hanging.
    await new Promise<void>((resolve) => setTimeout(resolve, SIMULATOR_TIMINGS.slowSendMs).unref());
  }

  private accept(to: string, options: SendOptions, media?: WireMedia, reaction?: WireReaction): SendResult {
    this.assertConnected();
    const number = normaliseNumber(to.split('@')[0] ?? to);
    if (number.endsWith(SIMULATOR_BLOCKED_SUFFIX)) throw new Error('The recipient blocked this number');
    this.wire({
      connectionId: this.ref.id,
      to: number,
      providerId: options.id,
      at: new Date().toISOString(),
      ...(media && { media }),
      ...(reaction && { reaction }),
    });
    for (const [delay, ack] of SIMULATOR_TIMINGS.acks) this.later(delay, () => this.events.ack(options.id, ack));
    return { providerId: options.id, remoteJid: to.includes('@') ? to : jidFor(normaliseNumber(to)), timestamp: new Date() };
  }

  private assertConnected(): void {
    if (!this.connected) throw new Error('The simulated phone is not connected');
  }

  private later(ms: number, fn: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
  }

  private end(): void {
    this.connected = false;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.onEnd();
  }
}
