import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { forbidden, notFound } from '../../common/errors/app-error.js';
import { type KanbanMoveResponse, OPEN_LANE } from '../../shared/kanban-api-types.js';
import { Company } from '../companies/company.entity.js';
import { TicketAccess } from '../tickets/ticket-access.js';
import { Ticket } from '../tickets/ticket.entity.js';
import { tagNotFound } from './tag-errors.js';
import { Tag } from './tag.entity.js';
import { toTagSummary } from './tag.mapper.js';
import { TagEvents } from './tags.events.js';
import { TicketTag } from './ticket-tag.entity.js';

/** Oldest first: the last link of a ticket is the tag put on it last. */
const LINK_ORDER = { createdAt: 'ASC', id: 'ASC' } as const;

/**
 * The kanban's lane rule. A ticket sits in the lane of the kanban tag put on it last (by a move or by the ticket's tag
 * field), lane 0 without one. Moving a card to another lane removes only the tag of the lane it leaves and adds the
 * new one (now the last); the ticket's other tags, other lane tags included, stay. Moving to lane 0 removes every lane
 * tag, as lane 0 is where the tickets without one are; the other tags stay.
 */
@Injectable()
export class TicketLanesService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: TicketAccess,
    private readonly events: TagEvents,
  ) {}

  /** The lane of each ticket (of the company in scope); every id asked for gets one. */
  async lanesOf(ticketIds: number[]): Promise<Map<number, number>> {
    const lanes = new Map<number, number>(ticketIds.map((id) => [id, OPEN_LANE]));
    if (!ticketIds.length) return lanes;
    const links = await this.em.find(TicketTag, { ticket: { $in: ticketIds }, tag: { kanban: true } }, { orderBy: LINK_ORDER });
    for (const link of links) lanes.set(link.ticket.id, link.tag.id);
    return lanes;
  }

  async moveToLane(ctx: AuthContext, ticketId: number, tagId: number): Promise<KanbanMoveResponse> {
    const tag = await this.em.findOne(Tag, { id: tagId });
    if (!tag) throw tagNotFound();
    await this.assertMovable(ctx, ticketId);
    await this.em.transactional(async (tx) => {
      // Concurrent changes of one ticket's tags run one after the other.
      await tx.findOneOrFail(Ticket, ticketId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const links = await tx.find(TicketTag, { ticket: ticketId }, { populate: ['tag'], orderBy: LINK_ORDER });
      // A tag that is no lane is simply put on the ticket (the spec's call also tags tickets outside the board).
      if (!tag.kanban) {
        if (!links.some((link) => link.tag.id === tagId)) {
          tx.create(TicketTag, {
            company: tx.getReference(Company, ctx.companyId),
            ticket: tx.getReference(Ticket, ticketId),
            tag: tx.getReference(Tag, tagId),
          });
        }
        return;
      }
      const leaving = links.filter((link) => link.tag.getEntity().kanban).at(-1);
      if (leaving?.tag.id === tagId) return;
      // The target tag may already be on the ticket (an older lane tag): it is put on again, so it is the last.
      for (const link of links) if (link === leaving || link.tag.id === tagId) tx.remove(link);
      await tx.flush();
      tx.create(TicketTag, {
        company: tx.getReference(Company, ctx.companyId),
        ticket: tx.getReference(Ticket, ticketId),
        tag: tx.getReference(Tag, tagId),
      });
    });
    return this.answer(ctx, ticketId);
  }

  async leaveLanes(ctx: AuthContext, ticketId: number): Promise<KanbanMoveResponse> {
    await this.assertMovable(ctx, ticketId);
    await this.em.transactional(async (tx) => {
      await tx.findOneOrFail(Ticket, ticketId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      for (const link of await tx.find(TicketTag, { ticket: ticketId, tag: { kanban: true } })) tx.remove(link);
    });
    return this.answer(ctx, ticketId);
  }

  private async assertMovable(ctx: AuthContext, ticketId: number): Promise<void> {
    if (!(await this.em.count(Ticket, { id: ticketId }))) throw notFound('ERR_NO_TICKET_FOUND');
    if (!(await this.access.canJoin(ctx, ticketId))) throw forbidden();
  }

  /** The ticket's tags (by name, as everywhere) and its lane; the tag field and the other boards hear of it. */
  private async answer(ctx: AuthContext, ticketId: number): Promise<KanbanMoveResponse> {
    const links = await this.em.find(TicketTag, { ticket: ticketId }, { populate: ['tag'], orderBy: LINK_ORDER, refresh: true });
    const tags = links.map((link) => link.tag.getEntity()).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
    const laneId = links.filter((link) => link.tag.getEntity().kanban).at(-1)?.tag.id ?? OPEN_LANE;
    const response = { ticketId, tags: tags.map(toTagSummary) };
    this.events.emit(ctx.companyId, { action: 'sync', ...response });
    return { ...response, laneId };
  }
}
