import { appError } from '../common/errors/app-error.js';
import { channelMetrics } from '../infra/metrics/instruments.js';
import type { ChannelSession, MessageKeyRef, NumberCheck, OutgoingMedia, SendOptions, SendResult, StartOptions } from './channel-provider.js';

/**
 * A provider session that acts on WhatsApp only while its process holds the connection's lease (confirmed recently
 * enough that no other process can have taken it over): a session about to be stopped for a lost lease sends nothing
 * more. The check is in memory (ConnectionLease.valid), so it costs nothing per send.
 */
export class FencedSession implements ChannelSession {
  /** Present when the provider sends templates (the Cloud API), fenced and counted like the other sends. */
  readonly sendTemplate?: ChannelSession['sendTemplate'];

  constructor(
    readonly inner: ChannelSession,
    private readonly holdsLease: () => boolean,
    /** The provider's name, for the sends counter. */
    private readonly provider = 'unknown',
  ) {
    const send = inner.sendTemplate?.bind(inner);
    if (send)
      this.sendTemplate = async (to, template, options) => {
        this.check();
        return this.counted(send(to, template, options));
      };
  }

  start(options?: StartOptions): Promise<void> {
    return this.inner.start(options);
  }

  stop(): Promise<void> {
    return this.inner.stop();
  }

  logout(): Promise<void> {
    return this.inner.logout();
  }

  newMessageId(): string {
    return this.inner.newMessageId();
  }

  async sendText(to: string, body: string, options: SendOptions): Promise<SendResult> {
    this.check();
    return this.counted(this.inner.sendText(to, body, options));
  }

  async sendMedia(to: string, media: OutgoingMedia, options: SendOptions): Promise<SendResult> {
    this.check();
    return this.counted(this.inner.sendMedia(to, media, options));
  }

  async edit(key: MessageKeyRef, body: string): Promise<void> {
    this.check();
    return this.inner.edit(key, body);
  }

  async deleteForEveryone(key: MessageKeyRef): Promise<void> {
    this.check();
    return this.inner.deleteForEveryone(key);
  }

  async sendReaction(to: string, target: MessageKeyRef, emoji: string, options: SendOptions): Promise<SendResult> {
    this.check();
    return this.counted(this.inner.sendReaction(to, target, emoji, options));
  }

  async markRead(keys: MessageKeyRef[]): Promise<void> {
    this.check();
    return this.inner.markRead(keys);
  }

  checkNumber(number: string): Promise<NumberCheck> {
    return this.inner.checkNumber(number);
  }

  profilePictureUrl(jid: string): Promise<string | null> {
    return this.inner.profilePictureUrl(jid);
  }

  private counted(send: Promise<SendResult>): Promise<SendResult> {
    return send.then(
      (result) => {
        channelMetrics.sends.inc({ provider: this.provider, result: 'sent' });
        return result;
      },
      (error: unknown) => {
        channelMetrics.sends.inc({ provider: this.provider, result: 'failed' });
        throw error;
      },
    );
  }

  private check(): void {
    if (!this.holdsLease()) throw appError('ERR_SERVICE_UNAVAILABLE', 'This server process no longer holds the connection; try again in a moment');
  }
}
