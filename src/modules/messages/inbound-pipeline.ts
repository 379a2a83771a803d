import { Injectable, Logger } from '@nestjs/common';
import { BotTimers } from '../automation/timers/bot-timers.js';
import type { ChannelSession, ConnectionRef, InboundCall, InboundMessage } from '../../channels/channel-provider.js';
import { jidFor } from '../../channels/numbers.js';
import { StoragePort } from '../../infra/storage/storage.port.js';
import { CompanySettingsCache } from '../settings/company-settings.cache.js';
import type { TicketRow } from '../tickets/ticket-row.mapper.js';
import { type InboundWrite, InboundRepository } from './inbound.repository.js';
import { MessageEvents } from './message-events.js';
import type { MessageRow } from './message.mapper.js';

const DAY_MS = 24 * 3600 * 1000;

export interface StoredCustomerMessage {
  connection: ConnectionRef;
  message: InboundMessage;
  /** The row as stored (its id and media path). */
  stored: MessageRow;
  ticket: TicketRow;
  /** This message opened the ticket. */
  ticketCreated: boolean;
}

export type StoredListener = (event: StoredCustomerMessage) => Promise<void>;

export const CALLS_DISABLED_REPLY =
  '*Mensagem automática:*\n\nAs chamadas de voz e vídeo estão desabilitadas para este WhatsApp, favor enviar uma mensagem de texto. Obrigado!';

/**
 * Provider events become contacts, tickets and messages (server-behaviour §3). Each connection has one ordered
 * lane; lanes of different connections run in parallel.
 */
@Injectable()
export class InboundPipeline {
  private readonly logger = new Logger('InboundPipeline');
  private readonly lanes = new Map<number, Promise<void>>();
  private readonly pictureFetches = new Set<number>();
  private readonly storedListeners: StoredListener[] = [];

  constructor(
    private readonly repository: InboundRepository,
    private readonly storage: StoragePort,
    private readonly settings: CompanySettingsCache,
    private readonly events: MessageEvents,
    private readonly timers: BotTimers,
  ) {}

  /** Runs a task after every earlier task of the same connection; a failure is logged and never blocks the lane. */
  enqueue(connectionId: number, task: () => Promise<void>): Promise<void> {
    const previous = this.lanes.get(connectionId) ?? Promise.resolve();
    const next = previous.then(task).catch((error: unknown) => {
      this.logger.error(`connection ${connectionId}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    });
    this.lanes.set(connectionId, next);
    void next.finally(() => {
      if (this.lanes.get(connectionId) === next) this.lanes.delete(connectionId);
    });
    return next;
  }

  /** Runs after each customer message is stored, still inside the connection's lane (the bot lives here). */
  onCustomerMessage(listener: StoredListener): void {
    this.storedListeners.push(listener);
  }

  /** Resolves when every lane is empty (shutdown, tests, benchmarks). */
  async drain(): Promise<void> {
    while (this.lanes.size) await Promise.all(this.lanes.values());
  }

  message(connection: ConnectionRef, message: InboundMessage, session?: ChannelSession): Promise<void> {
    return this.enqueue(connection.id, () => this.storeMessage(connection, message, session));
  }

  ack(connection: ConnectionRef, providerId: string, ack: number): Promise<void> {
    return this.enqueue(connection.id, async () => {
      const row = await this.repository.raiseAck(connection.companyId, connection.id, providerId, Math.max(0, Math.min(5, Math.trunc(ack))));
      if (row) this.events.messageUpdated(connection.companyId, row);
    });
  }

  edit(connection: ConnectionRef, providerId: string, body: string, editedAt: Date): Promise<void> {
    return this.enqueue(connection.id, async () => {
      const row = await this.repository.applyEdit(connection.companyId, connection.id, providerId, body, editedAt);
      if (row) this.events.messageUpdated(connection.companyId, row);
    });
  }

  revoke(connection: ConnectionRef, providerId: string): Promise<void> {
    return this.enqueue(connection.id, async () => {
      const row = await this.repository.markDeleted(connection.companyId, connection.id, providerId);
      if (row) this.events.messageUpdated(connection.companyId, row);
    });
  }

  /** Calls land in the ticket as call_log; with the `call` setting disabled the caller is told to write instead. */
  call(connection: ConnectionRef, call: InboundCall, session: ChannelSession): Promise<void> {
    return this.enqueue(connection.id, async () => {
      if (call.isGroup) return;
      const base = { contactNumber: call.from, pushName: null, isGroup: false, fromMe: false, timestamp: call.timestamp, remoteJid: jidFor(call.from) };
      await this.storeMessage(connection, {
        ...base,
        providerId: `call-${call.callId}`,
        mediaType: 'call_log',
        body: call.isVideo ? 'Chamada de vídeo recebida' : 'Chamada de voz recebida',
      });
      if ((await this.settings.get(connection.companyId, 'call')) !== 'disabled') return;
      const id = session.newMessageId();
      await this.storeMessage(connection, { ...base, providerId: id, fromMe: true, mediaType: 'chat', body: CALLS_DISABLED_REPLY });
      await session.sendText(base.remoteJid, CALLS_DISABLED_REPLY, { id });
    });
  }

  private async storeMessage(connection: ConnectionRef, message: InboundMessage, session?: ChannelSession): Promise<void> {
    const { companyId } = connection;
    if (message.isGroup && (await this.settings.get(companyId, 'CheckMsgIsGroup')) === 'enabled') return;
    // A replay is a no-op in SQL anyway; checking first only saves downloading its media again.
    if (message.media && (await this.repository.exists(companyId, connection.id, message.providerId))) return;

    const media = message.media ? await this.saveMedia(companyId, message) : null;
    const write: InboundWrite = {
      companyId,
      whatsappId: connection.id,
      contactNumber: message.contactNumber,
      contactName: (message.isGroup ? message.groupName : message.pushName) ?? message.contactNumber,
      isGroup: message.isGroup,
      providerId: message.providerId,
      remoteJid: message.remoteJid,
      participant: message.participant ?? null,
      senderName: message.senderName ?? null,
      body: media?.failed ? message.body || 'Arquivo não recebido' : message.body,
      fromMe: message.fromMe,
      mediaType: message.mediaType,
      mediaPath: media?.path ?? null,
      mediaName: message.media?.fileName?.slice(0, 255) ?? null,
      quotedProviderId: message.quotedProviderId ?? null,
      sentAt: message.timestamp,
      countsUnread: !message.fromMe,
    };
    const result = await this.repository.store(write);
    if (!result) {
      if (media?.path) await this.storage.remove(media.path);
      return;
    }
    if (result.contactCreated) this.events.contactCreatedWith(companyId, result.ticket, new Date(result.message.created_at).toISOString());
    else if (result.contactRenamed) await this.events.contactChanged(companyId, result.contactId, 'update');
    await this.events.messageCreatedWith(companyId, result.message, result.ticket);
    if (session && !message.isGroup && !message.fromMe) this.refreshProfilePicture(companyId, result.ticket, message.remoteJid, session);
    if (message.fromMe && !message.isGroup) {
      // Sent from the phone itself: it restarts the inactivity timer like a message from the app.
      await this.timers.afterOurMessage(companyId, result.ticket.id, connection.id).catch((error: unknown) => this.logger.warn(`expiry timer: ${String(error)}`));
    }
    if (message.fromMe || message.isGroup || message.mediaType === 'call_log') return;
    for (const listener of this.storedListeners) {
      await listener({ connection, message, stored: result.message, ticket: result.ticket, ticketCreated: result.ticketCreated }).catch((error: unknown) =>
        this.logger.error(`after message ${message.providerId}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
      );
    }
  }

  /** Profile pictures are fetched off the lane, at most once a day per contact. */
  private refreshProfilePicture(companyId: number, ticket: TicketRow, jid: string, session: ChannelSession): void {
    const checkedAt = ticket.contact.profile_pic_updated_at ? new Date(ticket.contact.profile_pic_updated_at).getTime() : 0;
    if (Date.now() - checkedAt < DAY_MS || this.pictureFetches.has(ticket.contact.id)) return;
    this.pictureFetches.add(ticket.contact.id);
    void session
      .profilePictureUrl(jid)
      .then(async (url) => {
        if ((await this.repository.setProfilePicture(companyId, ticket.contact.id, url)) && url) await this.events.contactChanged(companyId, ticket.contact.id, 'update');
      })
      .catch((error: unknown) => this.logger.warn(`profile picture of contact ${ticket.contact.id}: ${String(error)}`))
      .finally(() => this.pictureFetches.delete(ticket.contact.id));
  }

  /** A media failure never loses the message: it is stored without the file. */
  private async saveMedia(companyId: number, message: InboundMessage): Promise<{ path: string | null; failed: boolean }> {
    try {
      const data = await message.media!.download();
      const stored = await this.storage.save(companyId, data, message.media!.mimetype);
      return { path: stored.path, failed: false };
    } catch (error) {
      this.logger.warn(`media of ${message.providerId} not stored: ${error instanceof Error ? error.message : String(error)}`);
      return { path: null, failed: true };
    }
  }
}
