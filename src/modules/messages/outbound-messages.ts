import { Injectable } from '@nestjs/common';
import type { MessageKeyRef, OutgoingTemplateMessage } from '../../channels/channel-provider.js';
import { ChannelManager } from '../../channels/channel-manager.js';
import { jidFor } from '../../channels/numbers.js';
import { isCloudRefusal } from '../../channels/cloud-api/cloud-api-errors.js';
import { appError, fieldError } from '../../common/errors/app-error.js';
import { DomainEvents } from '../../infra/events/domain-events.js';
import { mediaKindOf } from '../../infra/storage/media-types.js';
import { StoragePort } from '../../infra/storage/storage.port.js';
import { VoiceNotes } from '../media/voice/voice-notes.js';
import { type InboundWrite, InboundRepository } from './inbound.repository.js';
import { messageStoredEvent } from './message-stored.event.js';
import type { MessageRow } from './message.mapper.js';
import { MessageEvents } from './message-events.js';

export interface OutgoingFile {
  /** The bytes, when they are not in storage yet (bot replies, downloads). */
  buffer?: Buffer;
  /** A file an upload already streamed into storage. */
  storedPath?: string;
  /** Bytes of the stored file, when the upload told them: a parser can refuse it before reading it. */
  size?: number;
  mimetype: string;
  originalName: string;
  /** Audio played as a voice note rather than as a file. */
  voiceNote?: boolean;
}

interface StoredOutgoing {
  path: string;
  /** The type sent to the provider (parameters kept: "audio/ogg; codecs=opus"). */
  mimetype: string;
  buffer?: Buffer;
  seconds: number | null;
}

export interface TicketTarget {
  whatsappId: number | null;
  contactNumber: string;
  isGroup: boolean;
  /** The jid the customer wrote from, when known (it can differ from the number, e.g. LID addressing). */
  remoteJid?: string | null;
}

export interface SendExtras {
  file?: OutgoingFile;
  quoted?: MessageKeyRef & { body?: string };
  /** An approved template instead of free text; the body is its rendered text, kept as the conversation's copy. */
  template?: OutgoingTemplateMessage;
  /** The provider id chosen (and recorded) by the caller before the send; a new one otherwise. */
  id?: string;
  /** Our emoji on a message of the conversation ('' takes it back); stored as a reaction pointing at it. */
  reaction?: { target: MessageKeyRef; emoji: string };
}

export interface SentMessage {
  message: MessageRow;
  ticketId: number;
}

/**
 * Sends a message to a number through one connection. The row is stored (ack 0) before the provider is called,
 * with the provider id chosen up front, so an ack can never arrive before its message exists.
 */
@Injectable()
export class OutboundMessages {
  constructor(
    private readonly channels: ChannelManager,
    private readonly repository: InboundRepository,
    private readonly storage: StoragePort,
    private readonly events: MessageEvents,
    private readonly domainEvents: DomainEvents,
    private readonly voiceNotes: VoiceNotes,
  ) {}

  async sendToNumber(
    companyId: number,
    connectionId: number,
    number: string,
    body: string,
    file?: OutgoingFile,
    extras: Pick<SendExtras, 'template' | 'id'> = {},
  ): Promise<SentMessage> {
    const session = this.channels.session(companyId, connectionId);
    const check = await session.checkNumber(number).catch(() => {
      throw appError('ERR_WAPP_CHECK_CONTACT', 'The number could not be checked');
    });
    if (!check.exists) throw appError('ERR_WAPP_INVALID_CONTACT', 'This number is not on WhatsApp', { invalido: true });
    return this.send(companyId, connectionId, { number: check.number, jid: check.jid, isGroup: false }, body, { file, ...extras });
  }

  /** Sends into an existing conversation (the ticket's contact on the ticket's connection). */
  async sendToTicket(companyId: number, target: TicketTarget, body: string, options: SendExtras = {}): Promise<SentMessage> {
    if (!target.whatsappId) throw appError('ERR_NO_WAPP_FOUND', 'The conversation has no connection any more');
    const jid = target.remoteJid ?? jidFor(target.contactNumber, target.isGroup);
    return this.send(companyId, target.whatsappId, { number: target.contactNumber, jid, isGroup: target.isGroup }, body, options);
  }

  private async send(
    companyId: number,
    connectionId: number,
    to: { number: string; jid: string; isGroup: boolean },
    body: string,
    options: SendExtras,
  ): Promise<SentMessage> {
    const session = this.channels.session(companyId, connectionId);
    const { file, quoted, template, reaction } = options;
    if (template && !session.sendTemplate) throw appError('ERR_CLOUD_TEMPLATES_ONLY', 'This connection does not send message templates');
    const stored = file ? await this.store(companyId, file) : null;
    const id = options.id ?? session.newMessageId();
    const write: InboundWrite = {
      companyId,
      whatsappId: connectionId,
      contactNumber: to.number,
      contactName: to.number,
      isGroup: to.isGroup,
      providerId: id,
      remoteJid: to.jid,
      participant: null,
      senderName: null,
      // A voice note has no caption: its file name is the recorder's, not something to show.
      body: body || (file && !file.voiceNote ? file.originalName : ''),
      fromMe: true,
      mediaType: reaction ? 'reactionMessage' : stored ? mediaKindOf(stored.mimetype) : 'chat',
      mediaPath: stored?.path ?? null,
      mediaName: file?.originalName.slice(0, 255) ?? null,
      // A reaction points at the message it is on, as inbound ones do.
      quotedProviderId: reaction?.target.providerId ?? quoted?.providerId ?? null,
      sentAt: new Date(),
      countsUnread: false,
      ack: 0,
      seconds: stored?.seconds ?? null,
    };
    const result = await this.repository.store(write);
    if (!result) throw appError('ERR_CREATING_MESSAGE');
    if (result.contactCreated) this.events.contactCreatedWith(companyId, result.ticket, new Date(result.message.created_at).toISOString());
    await this.events.messageCreatedWith(companyId, result.message, result.ticket);
    // The inactivity timer restarts with each message of ours (its listener logs a failure; the message goes on).
    await this.domainEvents.publish('message.stored', messageStoredEvent(write, result, 'app'));

    let sent: { providerId: string };
    try {
      const sendOptions = { id, quoted: quoted ?? undefined };
      if (reaction) sent = await session.sendReaction(to.jid, reaction.target, reaction.emoji, { id });
      else if (template) sent = await session.sendTemplate!(to.jid, template, sendOptions);
      else if (file) {
        const media = {
          buffer: stored!.buffer ?? file.buffer ?? (await this.storage.read(stored!.path)),
          mimetype: stored!.mimetype,
          fileName: file.originalName,
          caption: body || undefined,
          ptt: file.voiceNote,
          ...(stored!.seconds != null && { seconds: Math.round(stored!.seconds) }),
        };
        sent = await session.sendMedia(to.jid, media, sendOptions);
      } else sent = await session.sendText(to.jid, body, sendOptions);
    } catch (error) {
      await this.repository.deleteMessage(companyId, result.message.id);
      this.events.messageDeleted(companyId, result.message);
      // A refusal that names its reason (the Cloud API's closed window, a template not approved) keeps its code.
      if (isCloudRefusal(error)) throw error;
      throw appError('ERR_SENDING_WAPP_MSG', 'The message could not be sent');
    }
    if (sent.providerId && sent.providerId !== id) {
      await this.repository.renameProviderId(companyId, result.message.id, id, sent.providerId);
      result.message.provider_id = sent.providerId;
    }
    return { message: result.message, ticketId: result.ticket.id };
  }

  /**
   * The file in storage, as it goes out: recorded audio becomes Ogg/Opus with its length (WebM/Opus is remuxed), the
   * rest is sent as it came.
   */
  private async store(companyId: number, file: OutgoingFile): Promise<StoredOutgoing> {
    if (!file.storedPath && !file.buffer) throw fieldError('medias', 'empty file');
    if (mediaKindOf(file.mimetype) === 'audio') {
      const audio = await this.voiceNotes.prepare(companyId, file);
      if (audio) return audio;
    }
    if (file.storedPath) return { path: file.storedPath, mimetype: file.mimetype, seconds: null };
    const saved = await this.storage.save(companyId, file.buffer!, file.mimetype);
    return { path: saved.path, mimetype: file.mimetype, buffer: file.buffer, seconds: null };
  }
}
