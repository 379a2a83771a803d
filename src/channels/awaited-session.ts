import { appError } from '../common/errors/app-error.js';
import type { ChannelSession, MessageKeyRef, NumberCheck, OutgoingMedia, SendOptions, SendResult } from './channel-provider.js';

/**
 * The session of a connection this process is taking over (started, not connected yet): each call waits for it to
 * connect, a little, instead of failing at once. Lifecycle calls go through the ChannelManager.
 */
export class AwaitedSession implements ChannelSession {
  constructor(
    private readonly connected: () => Promise<ChannelSession>,
    private readonly messageId: () => string,
  ) {}

  start(): Promise<void> {
    return Promise.reject(appError('ERR_INTERNAL', 'A session is started through the ChannelManager'));
  }

  stop(): Promise<void> {
    return this.start();
  }

  logout(): Promise<void> {
    return this.start();
  }

  newMessageId(): string {
    return this.messageId();
  }

  async sendText(to: string, body: string, options: SendOptions): Promise<SendResult> {
    return (await this.connected()).sendText(to, body, options);
  }

  async sendMedia(to: string, media: OutgoingMedia, options: SendOptions): Promise<SendResult> {
    return (await this.connected()).sendMedia(to, media, options);
  }

  async edit(key: MessageKeyRef, body: string): Promise<void> {
    return (await this.connected()).edit(key, body);
  }

  async deleteForEveryone(key: MessageKeyRef): Promise<void> {
    return (await this.connected()).deleteForEveryone(key);
  }

  async sendReaction(to: string, target: MessageKeyRef, emoji: string, options: SendOptions): Promise<SendResult> {
    return (await this.connected()).sendReaction(to, target, emoji, options);
  }

  async markRead(keys: MessageKeyRef[]): Promise<void> {
    return (await this.connected()).markRead(keys);
  }

  async checkNumber(number: string): Promise<NumberCheck> {
    return (await this.connected()).checkNumber(number);
  }

  async profilePictureUrl(jid: string): Promise<string | null> {
    return (await this.connected()).profilePictureUrl(jid);
  }
}
