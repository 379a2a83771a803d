import { Injectable } from '@nestjs/common';
import { ChannelManager } from '../../channels/channel-manager.js';
import { AppError } from '../../common/errors/app-error.js';
import { mediaKindOf } from '../../infra/storage/media-types.js';
import { StoragePort } from '../../infra/storage/storage.port.js';
import { InboundRepository } from './inbound.repository.js';
import type { MessageRow } from './message.mapper.js';
import { MessageEvents } from './message-events.js';

export interface OutgoingFile {
  buffer: Buffer;
  mimetype: string;
  originalName: string;
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
  ) {}

  async sendToNumber(companyId: number, connectionId: number, number: string, body: string, file?: OutgoingFile): Promise<SentMessage> {
    const session = this.channels.session(companyId, connectionId);
    const check = await session.checkNumber(number).catch(() => {
      throw new AppError('ERR_WAPP_CHECK_CONTACT', 502, {}, 'The number could not be checked');
    });
    if (!check.exists) throw new AppError('ERR_WAPP_INVALID_CONTACT', 400, { invalido: true }, 'This number is not on WhatsApp');

    const stored = file ? await this.storage.save(companyId, file.buffer, file.mimetype) : null;
    const id = session.newMessageId();
    const result = await this.repository.store({
      companyId,
      whatsappId: connectionId,
      contactNumber: check.number,
      contactName: check.number,
      isGroup: false,
      providerId: id,
      remoteJid: check.jid,
      participant: null,
      senderName: null,
      body: body || (file ? file.originalName : ''),
      fromMe: true,
      mediaType: stored ? mediaKindOf(stored.mimetype) : 'chat',
      mediaPath: stored?.path ?? null,
      mediaName: file?.originalName.slice(0, 255) ?? null,
      quotedProviderId: null,
      sentAt: new Date(),
      countsUnread: false,
      ack: 0,
    });
    if (!result) throw new AppError('ERR_CREATING_MESSAGE', 500);
    if (result.contactCreated) this.events.contactCreatedWith(companyId, result.ticket, new Date(result.message.created_at).toISOString());
    this.events.messageCreatedWith(companyId, result.message, result.ticket);

    try {
      if (file) await session.sendMedia(check.jid, { buffer: file.buffer, mimetype: file.mimetype, fileName: file.originalName, caption: body || undefined }, { id });
      else await session.sendText(check.jid, body, { id });
    } catch {
      await this.repository.deleteMessage(companyId, result.message.id);
      this.events.messageDeleted(companyId, result.message);
      throw new AppError('ERR_SENDING_WAPP_MSG', 502, {}, 'The message could not be sent');
    }
    return { message: result.message, ticketId: result.ticket.id };
  }
}
