import { randomUUID } from 'node:crypto';
import { appError } from '../../common/errors/app-error.js';
import type {
  ChannelEvents,
  ChannelSession,
  MessageKeyRef,
  NumberCheck,
  OutgoingMedia,
  OutgoingTemplateMessage,
  SendOptions,
  SendResult,
} from '../channel-provider.js';
import { jidFor } from '../numbers.js';
import type { CloudApiCredentials, MediaKind } from './cloud-api-types.js';
import type { GraphApiClient } from './graph-api.client.js';
import { mediaPayload, reactionPayload, templatePayload, textPayload } from './outgoing-payloads.js';

/** The digits of a JID or a number: Meta addresses customers by their number. */
const digitsOf = (to: string): string => to.split('@')[0]!.replace(/\D/g, '');

/** Which Cloud API media kind carries a file of this type (anything else goes as a document). */
export function mediaKindOf(mimetype: string): MediaKind {
  if (mimetype === 'image/webp') return 'sticker';
  if (mimetype.startsWith('image/')) return 'image';
  if (mimetype.startsWith('video/')) return 'video';
  if (mimetype.startsWith('audio/')) return 'audio';
  return 'document';
}

/**
 * A Cloud API connection as a ChannelSession: no socket, no lease, any process may hold one. `start` checks the
 * credentials by reading the phone number; sends go to the Graph API, which assigns the message id (the answer's
 * `providerId`; the id fixed before the send travels as `biz_opaque_callback_data`, so a status webhook names both).
 * Inbound traffic does not come through here but through the webhook.
 */
export class CloudApiSession implements ChannelSession {
  constructor(
    private readonly credentials: () => Promise<CloudApiCredentials>,
    private readonly client: GraphApiClient,
    private readonly events: Pick<ChannelEvents, 'connected'>,
  ) {}

  async start(): Promise<void> {
    const phone = await this.client.phoneNumber(await this.credentials());
    this.events.connected({ phoneNumber: digitsOf(phone.displayPhoneNumber) || null });
  }

  async stop(): Promise<void> {}

  /** Nothing is linked: the connection forgets its credentials when they are removed from it. */
  async logout(): Promise<void> {}

  /** A local id for the row written before the send; Meta's id replaces it once the send is answered. */
  newMessageId(): string {
    return `cloud-${randomUUID()}`;
  }

  async sendText(to: string, body: string, options: SendOptions): Promise<SendResult> {
    const payload = textPayload(digitsOf(to), body, { replyTo: options.quoted?.providerId, bizOpaque: options.id });
    return this.sent(to, await this.client.send(await this.credentials(), payload));
  }

  async sendMedia(to: string, media: OutgoingMedia, options: SendOptions): Promise<SendResult> {
    const creds = await this.credentials();
    const kind = mediaKindOf(media.mimetype);
    const id = await this.client.uploadMedia(creds, media.buffer, media.mimetype, media.fileName);
    const captioned = kind === 'image' || kind === 'video' || kind === 'document';
    const payload = mediaPayload(
      digitsOf(to),
      kind,
      { id },
      {
        caption: captioned ? media.caption : undefined,
        filename: kind === 'document' ? media.fileName : undefined,
        replyTo: options.quoted?.providerId,
        bizOpaque: options.id,
      },
    );
    return this.sent(to, await this.client.send(creds, payload));
  }

  /** An approved template: the only kind of message Meta delivers outside the customer's 24-hour window. */
  async sendTemplate(to: string, template: OutgoingTemplateMessage, options: SendOptions): Promise<SendResult> {
    const payload = templatePayload(digitsOf(to), {
      name: template.name,
      language: template.language,
      params: template.params,
      ...(template.headerMedia ? { headerMedia: { kind: template.headerMedia.kind, link: template.headerMedia.link } } : {}),
      bizOpaque: options.id,
    });
    return this.sent(to, await this.client.send(await this.credentials(), payload));
  }

  /** The Cloud API cannot edit a sent message. */
  async edit(_key: MessageKeyRef, _body: string): Promise<void> {
    throw appError('ERR_BAD_REQUEST', 'The WhatsApp Cloud API cannot edit a sent message');
  }

  /** Nor delete one for everyone. */
  async deleteForEveryone(_key: MessageKeyRef): Promise<void> {
    throw appError('ERR_BAD_REQUEST', 'The WhatsApp Cloud API cannot delete a sent message');
  }

  /**
   * Meta applies reactions to messages of the conversation by their wamid; an empty emoji takes ours back. It carries
   * no `biz_opaque_callback_data`: the answer's id replaces the local one at once, and only a `sent` status follows.
   */
  async sendReaction(to: string, target: MessageKeyRef, emoji: string, _options: SendOptions): Promise<SendResult> {
    const payload = reactionPayload(digitsOf(to), target.providerId, emoji);
    return this.sent(to, await this.client.send(await this.credentials(), payload));
  }

  /** One read mark on the newest customer message marks the earlier ones of the conversation too. */
  async markRead(keys: MessageKeyRef[]): Promise<void> {
    const newest = keys.filter((key) => !key.fromMe).at(-1);
    if (newest) await this.client.markRead(await this.credentials(), newest.providerId);
  }

  /** The Cloud API has no lookup: a number not on WhatsApp is reported by the failed status of the send. */
  async checkNumber(number: string): Promise<NumberCheck> {
    const digits = digitsOf(number);
    return { exists: true, number: digits, jid: jidFor(digits) };
  }

  async profilePictureUrl(_jid: string): Promise<string | null> {
    return null;
  }

  private sent(to: string, answer: { providerId: string; waId: string }): SendResult {
    return { providerId: answer.providerId, remoteJid: answer.waId ? jidFor(answer.waId) : to, timestamp: new Date() };
  }
}
