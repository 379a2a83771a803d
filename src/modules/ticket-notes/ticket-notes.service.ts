import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { type AuthContext, isAdmin } from '../../authorization/auth-context.js';
import { forbidden } from '../../common/errors/app-error.js';
import { Company } from '../companies/company.entity.js';
import { Contact } from '../contacts/contact.entity.js';
import { TicketAccess } from '../tickets/ticket-access.js';
import { Ticket } from '../tickets/ticket.entity.js';
import { User } from '../users/user.entity.js';
import type { CreateTicketNoteDto } from './dto/create-ticket-note.dto.js';
import type { ListTicketNotesQueryDto } from './dto/list-ticket-notes-query.dto.js';
import { contactNotFound, ticketNoteNotFound, ticketNotFound, ticketOrContactRequired } from './ticket-note-errors.js';
import { TicketNote } from './ticket-note.entity.js';
import { type TicketNoteResponse, toTicketNoteResponse } from './ticket-note.mapper.js';

/** Notes are written from an open conversation: the caller must be allowed to open the ticket. */
@Injectable()
export class TicketNotesService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: TicketAccess,
  ) {}

  /**
   * Newest first, with their authors in the same query. A ticket must be one the caller may open; a contact alone
   * is enough for the contact's notes, as contacts are readable by every profile.
   */
  async list(ctx: AuthContext, query: ListTicketNotesQueryDto): Promise<TicketNoteResponse[]> {
    if (query.ticketId !== undefined) await this.openableTicket(ctx, query.ticketId, query.contactId);
    else if (query.contactId === undefined) throw ticketOrContactRequired();
    else if (!(await this.em.count(Contact, { id: query.contactId }))) throw contactNotFound();

    const where = query.contactId !== undefined ? { contact: query.contactId } : { ticket: query.ticketId };
    const notes = await this.em.find(TicketNote, where, {
      populate: ['user'],
      strategy: 'joined',
      orderBy: { createdAt: 'DESC', id: 'DESC' },
    });
    return notes.map(toTicketNoteResponse);
  }

  async create(ctx: AuthContext, dto: CreateTicketNoteDto): Promise<TicketNoteResponse> {
    const ticket = await this.openableTicket(ctx, dto.ticketId, dto.contactId);
    const note = this.em.create(TicketNote, {
      company: this.em.getReference(Company, ctx.companyId),
      ticket,
      contact: ticket.contact,
      user: this.em.getReference(User, ctx.userId),
      note: dto.note,
    });
    await this.em.flush();
    await this.em.populate(note, ['user']);
    return toTicketNoteResponse(note);
  }

  /** The author or an admin. */
  async remove(ctx: AuthContext, id: number): Promise<void> {
    const note = await this.em.findOne(TicketNote, { id });
    if (!note) throw ticketNoteNotFound();
    if (note.user?.id !== ctx.userId && !isAdmin(ctx)) throw forbidden();
    await this.em.remove(note).flush();
  }

  /** A ticket of the company (and of that contact, when one is named) that the caller may open. */
  private async openableTicket(ctx: AuthContext, ticketId: number, contactId?: number): Promise<Ticket> {
    const ticket = await this.em.findOne(Ticket, { id: ticketId });
    if (!ticket || (contactId !== undefined && ticket.contact.id !== contactId)) throw ticketNotFound();
    if (!(await this.access.canJoin(ctx, ticketId))) throw forbidden();
    return ticket;
  }
}
