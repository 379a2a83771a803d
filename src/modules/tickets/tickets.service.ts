import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { isAdmin } from '../../authorization/auth-context.js';
import { appError, forbidden, notFound } from '../../common/errors/app-error.js';
import { canNamed } from '../../shared/permissions.js';
import { renderTemplate } from '../../shared/template-variables.js';
import { Company } from '../companies/company.entity.js';
import { Whatsapp } from '../connections/whatsapp.entity.js';
import { toContactResponse, type ContactResponse } from '../contacts/contact.mapper.js';
import { Contact } from '../contacts/contact.entity.js';
import { OutboundMessages } from '../messages/outbound-messages.js';
import { Queue } from '../queues/queue.entity.js';
import { CompanySettingsCache } from '../settings/company-settings.cache.js';
import type { TagSummary } from '../tags/tag.mapper.js';
import { TagsService } from '../tags/tags.service.js';
import { User } from '../users/user.entity.js';
import type { CreateTicketDto } from './dto/create-ticket.dto.js';
import type { ListTicketsQuery } from './dto/list-tickets.query.js';
import type { UpdateTicketDto } from './dto/update-ticket.dto.js';
import { TicketAccess } from './ticket-access.js';
import { TicketCycles } from './ticket-cycles.js';
import { acceptedGreeting, ratingQuestion, transferNotice } from './ticket-notices.js';
import { BotTimers } from '../automation/timers/bot-timers.js';
import { type TicketRow, toTicketResponseFromRow } from './ticket-row.mapper.js';
import type { TicketResponse } from './ticket.mapper.js';
import { Ticket } from './ticket.entity.js';
import { TicketsEvents } from './tickets.events.js';
import { TicketsRepository } from './tickets.repository.js';

export type TicketWithTags = TicketResponse & { tags: TagSummary[] };
export type TicketDetail = Omit<TicketWithTags, 'contact'> & { contact: ContactResponse };

const NO_ACCESS = () => appError('ERR_NO_PERMISSION', 'Acesso não permitido');

function newProtocol(now = new Date()): string {
  return `${now.toISOString().replace(/\D/g, '').slice(0, 14)}${Math.floor(Math.random() * 10000)
    .toString()
    .padStart(4, '0')}`;
}

@Injectable()
export class TicketsService {
  private readonly logger = new Logger('TicketsService');

  constructor(
    private readonly em: EntityManager,
    private readonly repository: TicketsRepository,
    private readonly access: TicketAccess,
    private readonly tags: TagsService,
    private readonly cycles: TicketCycles,
    private readonly events: TicketsEvents,
    private readonly outbound: OutboundMessages,
    private readonly settings: CompanySettingsCache,
    private readonly timers: BotTimers,
  ) {}

  async list(ctx: AuthContext, query: ListTicketsQuery): Promise<{ tickets: TicketWithTags[]; hasMore: boolean; count: number; cursor: string | null }> {
    const showAll = query.showAll === true && canNamed(ctx.ability, 'tickets-manager:showall');
    const page = await this.repository.page(ctx, { ...query, showAll });
    return { tickets: await this.withTags(page.rows), hasMore: page.hasMore, count: page.count, cursor: page.cursor };
  }

  counts(ctx: AuthContext, showAll: boolean | undefined, queueIds: number[] | undefined): Promise<{ open: number; pending: number }> {
    return this.repository.counts(ctx, showAll === true && canNamed(ctx.ability, 'tickets-manager:showall'), queueIds);
  }

  /** A ticket the caller may open, with its full contact; 403 'Acesso não permitido' otherwise. */
  async detail(ctx: AuthContext, where: { id?: number; uuid?: string }): Promise<TicketDetail> {
    const row = await this.repository.row(ctx.companyId, where);
    if (!row) throw notFound('ERR_NO_TICKET_FOUND');
    if (!(await this.access.canJoin(ctx, row.id))) throw NO_ACCESS();
    const [ticket] = await this.withTags([row]);
    const contact = await this.em.findOneOrFail(Contact, row.contact_id, { populate: ['whatsapp', 'extraInfo'] });
    return { ...ticket!, contact: toContactResponse(contact) };
  }

  async create(ctx: AuthContext, dto: CreateTicketDto): Promise<TicketWithTags> {
    if (!dto.queueId && !isAdmin(ctx)) throw appError('ERR_QUEUE_REQUIRED', 'Selecione uma fila');
    const contact = await this.em.findOne(Contact, dto.contactId);
    if (!contact) throw notFound('ERR_NO_CONTACT_FOUND');
    const whatsapp = dto.whatsappId ? await this.em.findOne(Whatsapp, dto.whatsappId) : await this.em.findOne(Whatsapp, { isDefault: true });
    if (!whatsapp) throw notFound(dto.whatsappId ? 'ERR_NO_WAPP_FOUND' : 'ERR_NO_DEF_WAPP_FOUND');
    if (dto.queueId && !(await this.em.count(Queue, { id: dto.queueId }))) throw notFound('ERR_NO_QUEUE_FOUND');
    const userId = dto.userId ?? ctx.userId;
    if (userId !== ctx.userId && !(await this.em.count(User, { id: userId }))) throw notFound('ERR_NO_USER_FOUND');
    await this.assertNoOtherOpen(contact.id, whatsapp.id);

    const status = dto.status ?? 'open';
    const ticket = this.em.create(Ticket, {
      company: this.em.getReference(Company, ctx.companyId),
      contact,
      whatsapp,
      queue: dto.queueId ? this.em.getReference(Queue, dto.queueId) : null,
      user: status === 'open' ? this.em.getReference(User, userId) : null,
      status,
      isGroup: contact.isGroup,
      protocol: newProtocol(),
    });
    try {
      await this.em.flush();
    } catch (error) {
      // Another request opened one a moment ago: answer as if we had seen it.
      if (String(error).includes('tickets_open_contact_whatsapp_unique')) await this.assertNoOtherOpen(contact.id, whatsapp.id);
      throw error;
    }
    await this.cycles.opened(ctx.companyId, ticket.id, ticket.user?.id ?? null, dto.queueId ?? null, status === 'open');
    const response = await this.response(ctx.companyId, ticket.id);
    this.events.updated(ctx.companyId, response);
    return response;
  }

  async update(ctx: AuthContext, id: number, dto: UpdateTicketDto): Promise<TicketWithTags> {
    const ticket = await this.em.findOne(Ticket, id, { populate: ['contact', 'queue', 'user', 'whatsapp'] });
    if (!ticket) throw notFound('ERR_NO_TICKET_FOUND');
    if (!(await this.access.canJoin(ctx, id))) throw NO_ACCESS();
    const before = { status: ticket.status, queueId: ticket.queue?.id ?? null, userId: ticket.user?.id ?? null };

    const queue = dto.queueId ? await this.em.findOne(Queue, dto.queueId) : null;
    if (dto.queueId && !queue) throw notFound('ERR_NO_QUEUE_FOUND');
    const user = dto.userId ? await this.em.findOne(User, dto.userId) : null;
    if (dto.userId && !user) throw notFound('ERR_NO_USER_FOUND');
    if (dto.whatsappId && dto.whatsappId !== ticket.whatsapp?.id) {
      const whatsapp = await this.em.findOne(Whatsapp, dto.whatsappId);
      if (!whatsapp) throw notFound('ERR_NO_WAPP_FOUND');
      if (ticket.status !== 'closed') await this.assertNoOtherOpen(ticket.contact.id, whatsapp.id, ticket.id);
      ticket.whatsapp = this.em.getReference(Whatsapp, whatsapp.id) as never;
    }
    const reopening = before.status === 'closed' && dto.status && dto.status !== 'closed';
    if (reopening && ticket.whatsapp) await this.assertNoOtherOpen(ticket.contact.id, ticket.whatsapp.id, ticket.id);

    // Closing with ratings on asks the customer first; the ticket stays open until the answer (or 24 hours).
    const askRating = dto.status === 'closed' && before.status !== 'closed' && (await this.ratingApplies(ctx.companyId, ticket));
    if (dto.queueId !== undefined) ticket.queue = queue ? (this.em.getReference(Queue, queue.id) as never) : null;
    if (dto.userId !== undefined) ticket.user = user ? (this.em.getReference(User, user.id) as never) : null;
    if (dto.status && !askRating) ticket.status = dto.status;
    if (askRating) {
      ticket.ratingRequestedAt = new Date();
      ticket.ratingReminded = false;
      ticket.chatbot = false;
    }
    // A transfer to a queue without a person goes back to the waiting list.
    if (dto.queueId && dto.userId === null && dto.status === undefined) ticket.status = 'pending';
    if (ticket.status === 'pending' && dto.userId === undefined && dto.status === 'pending') ticket.user = null;
    if (ticket.status !== 'closed') {
      if (dto.useIntegration !== undefined) ticket.useIntegration = dto.useIntegration;
      if (dto.promptId !== undefined) ticket.promptId = dto.promptId;
      if (dto.integrationId !== undefined) ticket.integrationId = dto.integrationId;
    } else {
      ticket.useIntegration = false;
      ticket.promptId = null;
      ticket.integrationId = null;
    }
    if (ticket.status === 'open' || dto.userId) ticket.chatbot = false; // any human action turns the bots off
    if (ticket.status === 'closed' && before.status !== 'closed') await this.sendCompletion(ctx.companyId, ticket);
    if (ticket.status === 'closed') {
      ticket.ratingRequestedAt = null;
      ticket.ratingReminded = false;
    }
    await this.em.flush();
    if (askRating) await this.askRating(ctx.companyId, ticket);

    await this.afterTransition(ctx, ticket, before);
    const response = await this.response(ctx.companyId, ticket.id);
    this.events.updated(ctx.companyId, response, before);
    return response;
  }

  async remove(ctx: AuthContext, id: number): Promise<void> {
    const ticket = await this.em.findOne(Ticket, id);
    if (!ticket) throw notFound('ERR_NO_TICKET_FOUND');
    if (!canNamed(ctx.ability, 'ticket-options:deleteTicket')) throw forbidden();
    const before = { status: ticket.status, queueId: ticket.queue?.id ?? null };
    await this.em.nativeDelete(Ticket, { id });
    this.events.deleted(ctx.companyId, id, before);
  }

  private async afterTransition(ctx: AuthContext, ticket: Ticket, before: { status: string; queueId: number | null; userId: number | null }): Promise<void> {
    const companyId = ctx.companyId;
    const queueId = ticket.queue?.id ?? null;
    if (before.status === 'closed' && ticket.status !== 'closed')
      await this.cycles.opened(companyId, ticket.id, ticket.user?.id ?? null, queueId, ticket.status === 'open');
    else if (ticket.status === 'open' && before.status === 'pending') await this.cycles.started(companyId, ticket.id, ticket.user?.id ?? null, queueId);
    else if (ticket.status === 'closed' && before.status !== 'closed') await this.cycles.finished(companyId, ticket.id);

    if (ticket.isGroup || ticket.status === 'closed') return;
    const contact = ticket.contact.getEntity();
    if (ticket.status === 'open' && before.status === 'pending' && ticket.user && (await this.settings.get(companyId, 'sendGreetingAccepted')) === 'enabled') {
      const company = await this.em.findOneOrFail(Company, companyId);
      const agent = (await this.em.findOneOrFail(User, ticket.user.id)).name;
      await this.notify(companyId, ticket, acceptedGreeting(contact.name, agent, company.timezone, ticket.protocol));
    }
    const transferred = (queueId !== before.queueId && queueId !== null) || (ticket.user && ticket.user.id !== before.userId && before.userId !== null);
    if (transferred && before.status !== 'closed' && (await this.settings.get(companyId, 'sendMsgTransfTicket')) === 'enabled') {
      const queueName = queueId !== before.queueId && ticket.queue ? (await this.em.findOneOrFail(Queue, ticket.queue.id)).name : null;
      const userName = ticket.user && ticket.user.id !== before.userId ? (await this.em.findOneOrFail(User, ticket.user.id)).name : null;
      const text = transferNotice(queueName, userName);
      if (text) await this.notify(companyId, ticket, text);
    }
  }

  /** userRating on, a person attended, not a group, and not asked already. */
  private async ratingApplies(companyId: number, ticket: Ticket): Promise<boolean> {
    if (ticket.isGroup || !ticket.user || ticket.ratingRequestedAt || !ticket.whatsapp) return false;
    return (await this.settings.get(companyId, 'userRating')) === 'enabled';
  }

  private async askRating(companyId: number, ticket: Ticket): Promise<void> {
    const whatsapp = ticket.whatsapp!.getEntity();
    const company = await this.em.findOneOrFail(Company, companyId);
    const text = renderTemplate(ratingQuestion(whatsapp.ratingMessage), {
      name: ticket.contact.getEntity().name,
      protocol: ticket.protocol,
      timeZone: company.timezone,
    });
    await this.notify(companyId, ticket, text);
    await this.timers.ratingRequested(companyId, ticket.id);
  }

  /** The connection's completion message, sent before the ticket closes. */
  private async sendCompletion(companyId: number, ticket: Ticket): Promise<void> {
    const whatsapp = ticket.whatsapp?.isInitialized() ? ticket.whatsapp.getEntity() : null;
    if (ticket.isGroup || !whatsapp?.complationMessage?.trim()) return;
    const company = await this.em.findOneOrFail(Company, companyId);
    const text = renderTemplate(whatsapp.complationMessage, { name: ticket.contact.getEntity().name, protocol: ticket.protocol, timeZone: company.timezone });
    await this.notify(companyId, ticket, text);
  }

  /** Automatic texts never block the transition: a disconnected phone only loses the courtesy message. */
  private async notify(companyId: number, ticket: Ticket, text: string): Promise<void> {
    const contact = ticket.contact.getEntity();
    try {
      await this.outbound.sendToTicket(companyId, { whatsappId: ticket.whatsapp?.id ?? null, contactNumber: contact.number, isGroup: ticket.isGroup }, text);
    } catch (error) {
      this.logger.warn(`ticket ${ticket.id}: automatic message not sent: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async assertNoOtherOpen(contactId: number, whatsappId: number, exceptId?: number): Promise<void> {
    const other = await this.em.findOne(
      Ticket,
      { contact: contactId, whatsapp: whatsappId, status: { $ne: 'closed' }, ...(exceptId ? { id: { $ne: exceptId } } : {}) },
      { populate: ['user', 'queue'] },
    );
    if (!other) return;
    const user = other.user?.isInitialized() ? other.user.getEntity() : null;
    const queue = other.queue?.isInitialized() ? other.queue.getEntity() : null;
    throw appError('ERR_OTHER_OPEN_TICKET', 'There is already an open ticket for this contact', {
      ticket: {
        id: other.id,
        uuid: other.uuid,
        status: other.status,
        userId: user?.id ?? null,
        user: user ? { name: user.name } : null,
        queue: queue ? { name: queue.name } : null,
      },
    });
  }

  private async response(companyId: number, id: number): Promise<TicketWithTags> {
    const row = await this.repository.row(companyId, { id });
    if (!row) throw notFound('ERR_NO_TICKET_FOUND');
    return (await this.withTags([row]))[0]!;
  }

  private async withTags(rows: TicketRow[]): Promise<TicketWithTags[]> {
    const tags = await this.tags.tagsOfTickets(rows.map((r) => r.id));
    return rows.map((row) => ({ ...toTicketResponseFromRow(row), tags: tags.get(row.id) ?? [] }));
  }
}
