import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { isAdmin } from '../../authorization/auth-context.js';
import { appError, forbidden, notFound } from '../../common/errors/app-error.js';
import type { TicketCountsResponse, TicketDetailResponse, TicketPageResponse } from '../../shared/api-types.js';
import { canNamed } from '../../shared/permissions.js';
import { Whatsapp } from '../connections/whatsapp.entity.js';
import { ContactWhatsappCheck } from '../contacts/contact-whatsapp-check.js';
import { toContactResponse } from '../contacts/contact.mapper.js';
import { Contact } from '../contacts/contact.entity.js';
import { Queue } from '../queues/queue.entity.js';
import { User } from '../users/user.entity.js';
import type { CreateTicketDto } from './dto/create-ticket.dto.js';
import type { ListTicketsQuery } from './dto/list-tickets.query.js';
import type { UpdateTicketDto } from './dto/update-ticket.dto.js';
import { TicketAccess } from './ticket-access.js';
import { TicketLifecycle } from './ticket-lifecycle.js';
import { type TicketWithTags, TicketResponses } from './ticket-responses.js';
import type { TicketRow } from './ticket-row.mapper.js';
import { Ticket } from './ticket.entity.js';
import { TicketsEvents } from './tickets.events.js';
import { TicketsRepository } from './tickets.repository.js';
import type { JsonText } from '../../common/http/json-text.js';

export type { TicketWithTags };
export type TicketDetail = TicketDetailResponse;

const NO_ACCESS = () => appError('ERR_NO_PERMISSION', 'Acesso não permitido');

@Injectable()
export class TicketsService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: TicketsRepository,
    private readonly access: TicketAccess,
    private readonly responses: TicketResponses,
    private readonly lifecycle: TicketLifecycle,
    private readonly events: TicketsEvents,
    private readonly whatsappCheck: ContactWhatsappCheck,
  ) {}

  /** A page as JSON text: the rows come from PostgreSQL already encoded (see TICKET_API_JSON) and are joined as they are. */
  async list(ctx: AuthContext, query: ListTicketsQuery): Promise<JsonText<TicketPageResponse>> {
    const showAll = query.showAll === true && canNamed(ctx.ability, 'tickets-manager:showall');
    const page = await this.repository.page(ctx, { ...query, showAll });
    return `{"tickets":[${page.json.join(',')}],"hasMore":${page.hasMore},"count":${page.count},"countCapped":${page.countCapped},"cursor":${JSON.stringify(page.cursor)}}`;
  }

  counts(ctx: AuthContext, showAll: boolean | undefined, queueIds: number[] | undefined): Promise<TicketCountsResponse> {
    return this.repository.counts(ctx, showAll === true && canNamed(ctx.ability, 'tickets-manager:showall'), queueIds);
  }

  /** A ticket the caller may open, with its full contact; 403 'Acesso não permitido' otherwise. */
  /** The kanban board's cards: not-closed tickets the caller lists (every ticket under 'show all'), with their tags. */
  async kanban(ctx: AuthContext, queueIds: number[] | undefined, limit: number): Promise<TicketWithTags[]> {
    const rows = await this.repository.kanban(ctx, canNamed(ctx.ability, 'tickets-manager:showall'), queueIds, limit);
    return this.responses.withTags(ctx.companyId, rows);
  }

  /** A ticket's row for work on its conversation: 404 when it does not exist here, 403 when the caller may not open it. */
  async openableRow(ctx: AuthContext, ticketId: number): Promise<TicketRow> {
    const ticket = await this.repository.openedRow(ctx.companyId, { id: ticketId });
    if (!ticket) throw notFound('ERR_NO_TICKET_FOUND');
    if (!this.access.canSee(ctx, ticket)) throw NO_ACCESS();
    return ticket;
  }

  async detail(ctx: AuthContext, where: { id: number } | { uuid: string }): Promise<TicketDetail> {
    const row = await this.repository.openedRow(ctx.companyId, where);
    if (!row) throw notFound('ERR_NO_TICKET_FOUND');
    if (!this.access.canSee(ctx, row)) throw NO_ACCESS();
    const [ticket] = await this.withTags(ctx.companyId, [row]);
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
    // A conversation cannot start with a number outside WhatsApp (ERR_WAPP_INVALID_CONTACT, kept on the contact).
    await this.whatsappCheck.assertReachable(ctx.companyId, contact, whatsapp.id);
    return this.lifecycle.openByAgent(ctx, { contact, whatsapp, queueId: dto.queueId ?? null, userId, status: dto.status ?? 'open' });
  }

  async update(ctx: AuthContext, id: number, dto: UpdateTicketDto): Promise<TicketWithTags> {
    const ticket = await this.em.findOne(Ticket, id, { populate: ['contact', 'queue', 'user', 'whatsapp'] });
    if (!ticket) throw notFound('ERR_NO_TICKET_FOUND');
    if (!(await this.access.canJoin(ctx, id))) throw NO_ACCESS();
    return this.lifecycle.changeByAgent(ctx, ticket, dto);
  }

  async remove(ctx: AuthContext, id: number): Promise<void> {
    const ticket = await this.em.findOne(Ticket, id);
    if (!ticket) throw notFound('ERR_NO_TICKET_FOUND');
    if (!canNamed(ctx.ability, 'ticket-options:deleteTicket')) throw forbidden();
    const before = { status: ticket.status, queueId: ticket.queue?.id ?? null, userId: ticket.user?.id ?? null };
    await this.em.nativeDelete(Ticket, { id });
    this.events.deleted(ctx.companyId, id, before);
  }

  private withTags(companyId: number, rows: TicketRow[]): Promise<TicketWithTags[]> {
    return this.responses.withTags(companyId, rows);
  }
}
