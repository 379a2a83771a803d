import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { forkForCompany } from '../../infra/database/tenant-scope.js';
import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import { toContactResponse } from '../contacts/contact.mapper.js';
import { Contact } from '../contacts/contact.entity.js';
import { ticketRooms } from '../tickets/ticket-rooms.js';
import { type TicketRow, toTicketResponseFromRow } from '../tickets/ticket-row.mapper.js';
import { toTicketResponse, type TicketResponse } from '../tickets/ticket.mapper.js';
import { Ticket } from '../tickets/ticket.entity.js';
import type { UpdatedMessageRow } from './inbound.repository.js';
import { type MessageRow, toMessageResponse } from './message.mapper.js';
import type { QuotedMessageResponse } from '../../shared/api-types.js';
import { MessagesRepository } from './messages.repository.js';

export type QuotedSummary = QuotedMessageResponse;

/** Emits message, ticket and contact events to the rooms of server-behaviour §7 after a write committed. */
@Injectable()
export class MessageEvents {
  constructor(
    private readonly em: EntityManager,
    private readonly realtime: RealtimeService,
    private readonly messages: MessagesRepository,
  ) {}

  async loadTicket(companyId: number, ticketId: number): Promise<TicketResponse | null> {
    const ticket = await forkForCompany(this.em, companyId).findOne(Ticket, ticketId, { populate: ['contact', 'queue', 'user', 'whatsapp'] });
    return ticket ? toTicketResponse(ticket) : null;
  }

  /** With the ticket row at hand (the inbound statement returns it), only a quoted message is read. */
  async messageCreatedWith(companyId: number, row: MessageRow, ticketRow: TicketRow): Promise<void> {
    await this.emitCreated(companyId, row, toTicketResponseFromRow(ticketRow));
  }

  async messageCreated(companyId: number, row: MessageRow): Promise<void> {
    const ticket = await this.loadTicket(companyId, row.ticket_id);
    if (ticket) await this.emitCreated(companyId, row, ticket);
  }

  private async emitCreated(companyId: number, row: MessageRow, ticket: TicketResponse): Promise<void> {
    const rooms = ticketRooms({ id: ticket.id, companyId, status: ticket.status, queueId: ticket.queueId });
    const message = { ...toMessageResponse(row), quotedMsg: row.quoted_msg_id ? await this.quoted(companyId, row.quoted_msg_id) : null };
    this.realtime.toRooms(companyId, rooms, 'appMessage', { action: 'create', message, ticket, contact: ticket.contact });
    this.realtime.toRooms(companyId, rooms, 'ticket', { action: 'update', ticket });
  }

  /** Ack, edit and revoke changes go to the same rooms as the message itself. */
  messageUpdated(companyId: number, row: UpdatedMessageRow): void {
    const rooms = ticketRooms({ id: row.ticket_id, companyId, status: row.ticket_status, queueId: row.ticket_queue_id });
    this.realtime.toRooms(companyId, rooms, 'appMessage', { action: 'update', message: toMessageResponse(row) });
  }

  /** A ticket's row changed without a new message (its last message was edited or revoked). */
  async ticketChanged(companyId: number, ticketId: number): Promise<void> {
    const ticket = await this.loadTicket(companyId, ticketId);
    if (!ticket) return;
    const rooms = ticketRooms({ id: ticket.id, companyId, status: ticket.status, queueId: ticket.queueId });
    this.realtime.toRooms(companyId, rooms, 'ticket', { action: 'update', ticket });
  }

  /** The quoted block the conversation draws, as `GET /messages` returns it. */
  async quoted(companyId: number, id: number): Promise<QuotedSummary | null> {
    const q = await this.messages.quoted(companyId, id);
    return q ? { id: q.id, body: q.body, fromMe: q.from_me, mediaType: q.media_type, senderName: q.sender_name } : null;
  }

  messageDeleted(companyId: number, row: MessageRow): void {
    this.realtime.toRooms(companyId, ticketRooms({ id: row.ticket_id, companyId, status: 'open', queueId: null }).slice(0, 1), 'appMessage', {
      action: 'delete',
      message: toMessageResponse(row),
    });
  }

  /** A contact the pipeline just created has no extra info yet: the ticket row carries the rest. */
  contactCreatedWith(companyId: number, ticketRow: TicketRow, createdAt: string): void {
    const { contact, whatsapp } = ticketRow;
    this.realtime.toCompany(companyId, 'contact', {
      action: 'create',
      contact: {
        id: contact.id,
        uuid: contact.uuid,
        name: contact.name,
        number: contact.number,
        email: null,
        profilePicUrl: contact.profile_pic_url,
        isGroup: contact.is_group,
        whatsappId: whatsapp?.id ?? null,
        whatsapp,
        extraInfo: [],
        createdAt,
        updatedAt: createdAt,
      },
    });
  }

  async contactChanged(companyId: number, contactId: number, action: 'create' | 'update'): Promise<void> {
    const contact = await forkForCompany(this.em, companyId).findOne(Contact, contactId, { populate: ['whatsapp', 'extraInfo'] });
    if (contact) this.realtime.toCompany(companyId, 'contact', { action, contact: toContactResponse(contact) });
  }
}
