import { appError } from '../common/errors/app-error.js';
import type { ChannelSession, MessageKeyRef, NumberCheck, OutgoingMedia, SendOptions, SendResult } from './channel-provider.js';
import type { SessionCommand, SessionCommands } from './session-commands.js';

type Wire<T> = Omit<T, 'timestamp'> & { timestamp: string };
const revive = (result: Wire<SendResult>): SendResult => ({ ...result, timestamp: new Date(result.timestamp) });

/**
 * The session of a connection that another process runs: every call is a command to that process. Lifecycle calls
 * (start, stop, logout) go through the ChannelManager, never through a session handle.
 */
export class RemoteSession implements ChannelSession {
  constructor(
    private readonly target: { companyId: number; connectionId: number },
    private readonly commands: SessionCommands,
    private readonly messageId: () => string,
  ) {}

  start(): Promise<void> {
    return Promise.reject(appError('ERR_INTERNAL', 'A remote session is started through the ChannelManager'));
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
    return revive((await this.call('sendText', [to, body, options])) as Wire<SendResult>);
  }

  async sendMedia(to: string, media: OutgoingMedia, options: SendOptions): Promise<SendResult> {
    // Media bytes travel beside the command, in a short-lived Redis key (pub/sub messages should stay small).
    const blob = await this.commands.stash(media.buffer);
    const { buffer: _bytes, ...described } = media;
    try {
      return revive((await this.call('sendMedia', [to, { ...described, blob }, options])) as Wire<SendResult>);
    } finally {
      await this.commands.drop(blob);
    }
  }

  async edit(key: MessageKeyRef, body: string): Promise<void> {
    await this.call('edit', [key, body]);
  }

  async deleteForEveryone(key: MessageKeyRef): Promise<void> {
    await this.call('deleteForEveryone', [key]);
  }

  async sendReaction(to: string, target: MessageKeyRef, emoji: string, options: SendOptions): Promise<SendResult> {
    return revive((await this.call('sendReaction', [to, target, emoji, options])) as Wire<SendResult>);
  }

  async markRead(keys: MessageKeyRef[]): Promise<void> {
    await this.call('markRead', [keys]);
  }

  async checkNumber(number: string): Promise<NumberCheck> {
    return (await this.call('checkNumber', [number])) as NumberCheck;
  }

  async profilePictureUrl(jid: string): Promise<string | null> {
    return (await this.call('profilePictureUrl', [jid])) as string | null;
  }

  private call(op: string, args: unknown[]): Promise<unknown> {
    const command: SessionCommand = { op, companyId: this.target.companyId, connectionId: this.target.connectionId, args };
    // Every call of a session handle may run twice: sends carry the message id fixed before them.
    return this.commands.call(command, { idempotent: true });
  }
}
