import { renderTemplate } from '../../shared/template-variables.js';
import { Injectable, Logger } from '@nestjs/common';
import type { AuthContext } from '../../authorization/auth-context.js';
import { ChannelManager } from '../../channels/channel-manager.js';
import { appError, notFound, fieldError } from '../../common/errors/app-error.js';
import { mimetypeForPath } from '../../infra/storage/media-types.js';
import { FileListsService } from '../files/files.service.js';
import { MessageTemplatesService } from '../message-templates/message-templates.service.js';
import type { MessageTemplateResponse } from '../message-templates/message-template.mapper.js';
import { headerMediaProblem, templateSendOf } from '../message-templates/template-variables.js';
import type { TicketRow } from '../tickets/ticket-row.mapper.js';
import { TicketAccess } from '../tickets/ticket-access.js';
import { toTicketResponseFromRow } from '../tickets/ticket-row.mapper.js';
import { TicketLifecycle } from '../tickets/ticket-lifecycle.js';
import { TicketsService } from '../tickets/tickets.service.js';
import type { ConversationMessageResponse, MessagePageResponse, ServiceWindow } from '../../shared/api-types.js';
import { InboundRepository } from './inbound.repository.js';
import { type MessageResponse, type MessageRow, toMessageResponse } from './message.mapper.js';
import { MessageEvents } from './message-events.js';
import { MessagesRepository } from './messages.repository.js';
import type { SendTemplateDto } from './dto/send-template.dto.js';
import { type OutgoingFile, OutboundMessages } from './outbound-messages.js';
import type { JsonText } from '../../common/http/json-text.js';

export type ConversationMessage = ConversationMessageResponse;

/** Template headers that show a file, and the kind of its send parameter. */
/** Messages no one reacts to: reactions themselves and call records. */
const UNREACTABLE = new Set(['reactionMessage', 'call_log']);

/** WhatsApp accepts edits for 15 minutes after sending. */
const EDIT_WINDOW_MS = 15 * 60 * 1000;

@Injectable()
export class ConversationService {
  private readonly logger = new Logger('ConversationService');

  constructor(
    private readonly tickets: TicketsService,
    private readonly access: TicketAccess,
    private readonly messages: MessagesRepository,
    private readonly inbound: InboundRepository,
    private readonly outbound: OutboundMessages,
    private readonly channels: ChannelManager,
    private readonly events: MessageEvents,
    private readonly lifecycle: TicketLifecycle,
    private readonly fileLists: FileListsService,
    private readonly templates: MessageTemplatesService,
  ) {}

  /** A page as JSON text: the messages come from PostgreSQL already encoded and are joined as they are. */
  async list(ctx: AuthContext, ticketId: number, cursor?: string): Promise<JsonText<MessagePageResponse>> {
    const ticket = await this.openable(ctx, ticketId);
    const page = await this.messages.page(ctx.companyId, { id: ticket.id, contactId: ticket.contact_id, whatsappId: ticket.whatsapp_id }, cursor);
    // Reading writes only when there is something to read: the unread count is the inbound pipeline's own tally.
    if (!cursor && ticket.unread_messages > 0)
      await this.markRead(ctx.companyId, ticket.id, ticket.whatsapp_id, { status: ticket.status, queueId: ticket.queue_id });
    const rest = {
      hasMore: page.hasMore,
      cursor: page.cursor,
      ticket: { ...toTicketResponseFromRow(ticket), unreadMessages: 0 },
      serviceWindow: await this.serviceWindow(ctx.companyId, ticket),
    } satisfies Omit<MessagePageResponse, 'messages'>;
    return `{"messages":[${page.json.join(',')}],${JSON.stringify(rest).slice(1)}`;
  }

  async markConversationRead(ctx: AuthContext, ticketId: number): Promise<{ ticketId: number; unreadMessages: number }> {
    const ticket = await this.openable(ctx, ticketId);
    await this.markRead(ctx.companyId, ticket.id, ticket.whatsapp_id, { status: ticket.status, queueId: ticket.queue_id });
    return { ticketId: ticket.id, unreadMessages: 0 };
  }

  async send(ctx: AuthContext, ticketId: number, body: string, quotedId: number | null, files: OutgoingFile[]): Promise<ConversationMessage[]> {
    const ticket = await this.openable(ctx, ticketId);
    if (ticket.status === 'closed') throw appError('ERR_TICKET_CLOSED', 'Reopen the ticket before writing');
    const typed = body.trim();
    if (!typed && files.length === 0) throw fieldError('body', 'body or medias is required');
    await this.assertWindowOpen(ctx.companyId, ticket);
    // Agents (and their quick messages) may use the template variables too.
    const text = typed.includes('{')
      ? renderTemplate(typed, { name: ticket.contact.name, protocol: ticket.protocol, timeZone: await this.messages.companyTimeZone(ctx.companyId) })
      : typed;
    const quotedRow = quotedId ? await this.messages.one(ctx.companyId, quotedId) : null;
    if (quotedId && !quotedRow) throw notFound('ERR_NO_MESSAGE_FOUND');
    const quoted = quotedRow
      ? { providerId: quotedRow.provider_id, remoteJid: '', fromMe: quotedRow.from_me, participant: quotedRow.participant, body: quotedRow.body }
      : undefined;
    const target = {
      whatsappId: ticket.whatsapp_id,
      contactNumber: ticket.contact.number,
      isGroup: ticket.is_group,
      remoteJid: await this.messages.lastRemoteJid(ctx.companyId, ticket.id),
    };
    if (quoted) quoted.remoteJid = target.remoteJid ?? '';
    await this.lifecycle.humanWrote(ctx.companyId, ticket.id);
    const quotedMsg = quotedRow ? await this.events.quoted(ctx.companyId, quotedRow.id) : null;
    if (!files.length) return [{ ...toMessageResponse((await this.outbound.sendToTicket(ctx.companyId, target, text, { quoted })).message), quotedMsg }];
    const sent: ConversationMessage[] = [];
    for (const [index, file] of files.entries()) {
      const first = index === 0;
      const result = await this.outbound.sendToTicket(ctx.companyId, target, first ? text : '', { file, quoted: first ? quoted : undefined });
      sent.push({ ...toMessageResponse(result.message), quotedMsg: first ? quotedMsg : null });
    }
    return sent;
  }

  /** The approved templates of the conversation's connection (none on connections without templates). */
  async templatesFor(ctx: AuthContext, ticketId: number): Promise<MessageTemplateResponse[]> {
    const ticket = await this.openable(ctx, ticketId);
    return ticket.whatsapp_id ? this.templates.approvedOf(ticket.whatsapp_id) : [];
  }

  /**
   * An approved template of the conversation's connection, open window or not: checked here (status, connection,
   * values) before Meta is called, then recorded and sent like any message of ours; the stored body is its text
   * with the values in place.
   */
  async sendTemplate(ctx: AuthContext, ticketId: number, dto: SendTemplateDto): Promise<ConversationMessage> {
    const ticket = await this.openable(ctx, ticketId);
    if (ticket.status === 'closed') throw appError('ERR_TICKET_CLOSED', 'Reopen the ticket before writing');
    const template = await this.templates.forSending(dto.templateId);
    if (template.whatsapp.id !== ticket.whatsapp_id) throw notFound('ERR_NO_TEMPLATE_FOUND');
    if (template.status !== 'APPROVED') throw appError('ERR_CLOUD_TEMPLATE_NOT_APPROVED', `Template ${template.name} is ${template.status}`);
    if (dto.variables.length !== template.variables) throw fieldError('variables', `template ${template.name} takes ${template.variables} values`);
    const { message, body } = templateSendOf(template, dto.variables, dto.headerMediaUrl);
    const headerProblem = headerMediaProblem(template, dto.headerMediaUrl);
    if (headerProblem) throw fieldError('headerMediaUrl', headerProblem);
    const target = {
      whatsappId: ticket.whatsapp_id,
      contactNumber: ticket.contact.number,
      isGroup: ticket.is_group,
      remoteJid: await this.messages.lastRemoteJid(ctx.companyId, ticket.id),
    };
    await this.lifecycle.humanWrote(ctx.companyId, ticket.id);
    const sent = await this.outbound.sendToTicket(ctx.companyId, target, body, { template: message });
    return { ...toMessageResponse(sent.message), quotedMsg: null };
  }

  /**
   * Sends a file list as the agent's own message would go: the stored files are referenced, not copied (the media
   * sweep keeps a file while any row points at it). Options without a file yet are skipped.
   */
  async sendFileList(ctx: AuthContext, ticketId: number, fileListId: number): Promise<ConversationMessage[]> {
    await this.openable(ctx, ticketId);
    const list = await this.fileLists.forSending(ctx.companyId, fileListId);
    if (!list) throw notFound('ERR_NO_FILE_LIST_FOUND');
    const files: OutgoingFile[] = list.options.flatMap((option) =>
      option.path
        ? [{ storedPath: option.path, mimetype: option.mediaType ?? mimetypeForPath(option.path), originalName: option.mediaName ?? option.name }]
        : [],
    );
    return this.send(ctx, ticketId, list.message, null, files);
  }

  async edit(ctx: AuthContext, messageId: number, body: string): Promise<MessageResponse> {
    const text = body.trim();
    if (!text) throw fieldError('body', 'body must not be empty');
    const { row, key } = await this.ownSent(ctx, messageId);
    if (row.media_type !== 'chat') throw appError('ERR_EDIT_NOT_ALLOWED', 'Only text messages can be edited');
    if (Date.now() - new Date(row.created_at).getTime() > EDIT_WINDOW_MS) throw appError('ERR_EDIT_WINDOW_EXPIRED', 'Messages can be edited for 15 minutes');
    await this.session(ctx, row)
      .edit(key, text)
      .catch(() => {
        throw appError('ERR_EDITING_WAPP_MSG', 'The message could not be edited');
      });
    const updated = await this.inbound.applyEdit(ctx.companyId, row.whatsapp_id!, row.provider_id, text, new Date());
    if (updated) this.events.messageUpdated(ctx.companyId, updated);
    return toMessageResponse(updated ?? row);
  }

  async remove(ctx: AuthContext, messageId: number): Promise<MessageResponse> {
    const { row, key } = await this.ownSent(ctx, messageId);
    await this.session(ctx, row)
      .deleteForEveryone(key)
      .catch(() => {
        throw appError('ERR_DELETE_WAPP_MSG', 'The message could not be deleted');
      });
    const updated = await this.inbound.markDeleted(ctx.companyId, row.whatsapp_id!, row.provider_id);
    if (updated) this.events.messageUpdated(ctx.companyId, updated);
    return toMessageResponse(updated ?? row);
  }

  /**
   * Our emoji on a message of the conversation ('' takes ours back), whoever may write in its ticket: recorded as an
   * outgoing reaction pointing at it, sent through the ticket's connection, then our earlier reaction to that message
   * is dropped (one reaction of ours per message, as on WhatsApp).
   */
  async react(ctx: AuthContext, messageId: number, emoji: string): Promise<MessageResponse> {
    const row = await this.messages.one(ctx.companyId, messageId);
    if (!row) throw notFound('ERR_NO_MESSAGE_FOUND');
    const ticket = await this.openable(ctx, row.ticket_id);
    if (ticket.status === 'closed') throw appError('ERR_TICKET_CLOSED', 'Reopen the ticket before writing');
    if (UNREACTABLE.has(row.media_type) || row.is_deleted || !row.provider_id || !ticket.whatsapp_id || row.whatsapp_id !== ticket.whatsapp_id)
      throw appError('ERR_REACTION_NOT_ALLOWED', 'Reactions go on messages of this conversation, not on reactions, calls or deleted messages');
    await this.assertWindowOpen(ctx.companyId, ticket);
    const remoteJid = await this.messages.lastRemoteJid(ctx.companyId, ticket.id);
    const target = { whatsappId: ticket.whatsapp_id, contactNumber: ticket.contact.number, isGroup: ticket.is_group, remoteJid };
    const key = { providerId: row.provider_id, remoteJid: row.remote_jid || remoteJid || '', fromMe: row.from_me, participant: row.participant };
    await this.lifecycle.humanWrote(ctx.companyId, ticket.id);
    const sent = await this.outbound.sendToTicket(ctx.companyId, target, emoji, { reaction: { target: key, emoji } });
    const replaced = await this.messages.dropOurReactions(ctx.companyId, {
      contactId: ticket.contact_id,
      whatsappId: ticket.whatsapp_id,
      targetId: row.id,
      keepId: sent.message.id,
    });
    for (const old of replaced) this.events.messageDeleted(ctx.companyId, old);
    return toMessageResponse(sent.message);
  }

  private async ownSent(ctx: AuthContext, messageId: number) {
    const row = await this.messages.one(ctx.companyId, messageId);
    if (!row) throw notFound('ERR_NO_MESSAGE_FOUND');
    if (!(await this.access.canJoin(ctx, row.ticket_id))) throw appError('ERR_NO_PERMISSION', 'Acesso não permitido');
    if (!row.from_me || row.is_deleted || !row.whatsapp_id) throw appError('ERR_NO_PERMISSION', 'Only messages we sent can be changed');
    const remoteJid = (await this.messages.lastRemoteJid(ctx.companyId, row.ticket_id)) ?? '';
    return { row, key: { providerId: row.provider_id, remoteJid, fromMe: true, participant: null } };
  }

  /** The customer-service window of the conversation's connection, when its provider has one (one indexed read). */
  private async serviceWindow(companyId: number, ticket: TicketRow): Promise<ServiceWindow | null> {
    if (!ticket.whatsapp_id) return null;
    const found = await this.messages.windowOf(companyId, ticket.whatsapp_id, ticket.contact_id);
    const hours = found ? this.channels.capabilities(found.provider)?.serviceWindowHours : null;
    if (!found || hours == null) return null;
    const last = found.last_inbound_at ? new Date(found.last_inbound_at).getTime() : null;
    return { hours, closesAt: last === null ? null : new Date(last + hours * 3_600_000).toISOString() };
  }

  /** Free text and media are refused once the window closed, before the provider is called (templates still go). */
  private async assertWindowOpen(companyId: number, ticket: TicketRow): Promise<void> {
    const window = await this.serviceWindow(companyId, ticket);
    if (window && (window.closesAt === null || Date.parse(window.closesAt) <= Date.now()))
      throw appError('ERR_CLOUD_WINDOW_CLOSED', 'More than 24 hours passed since the customer last wrote: send an approved template');
  }

  private session(ctx: AuthContext, row: MessageRow) {
    return this.channels.session(ctx.companyId, row.whatsapp_id!);
  }

  private openable(ctx: AuthContext, ticketId: number) {
    return this.tickets.openableRow(ctx, ticketId);
  }

  /** Unread back to zero, `updateUnread` to the lists, and read receipts to the phone (best effort). */
  private async markRead(companyId: number, ticketId: number, whatsappId: number | null, state: { status: string; queueId: number | null }): Promise<void> {
    await this.lifecycle.read(companyId, ticketId, state);
    const keys = await this.messages.markRead(companyId, ticketId);
    if (!keys.length || !whatsappId || !this.channels.isConnected(whatsappId)) return;
    const receipts = keys.map((k) => ({ providerId: k.provider_id, remoteJid: k.remote_jid, fromMe: false, participant: k.participant }));
    this.channels
      .session(companyId, whatsappId)
      .markRead(receipts)
      .catch((error: unknown) => this.logger.warn(`read receipts for ticket ${ticketId}: ${String(error)}`));
  }
}
