import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { forbidden, notFound } from '../../common/errors/app-error.js';
import { Company } from '../companies/company.entity.js';
import { TicketAccess } from '../tickets/ticket-access.js';
import { Ticket } from '../tickets/ticket.entity.js';
import type { SyncTagsDto } from './dto/sync-tags.dto.js';
import { tagNotFound } from './tag-errors.js';
import { Tag } from './tag.entity.js';
import { type TagSummary, toTagSummary } from './tag.mapper.js';
import { TagEvents } from './tags.events.js';
import { TicketTag } from './ticket-tag.entity.js';

export interface TicketTagsResponse {
  ticketId: number;
  tags: TagSummary[];
}

/** Replaces the tags of one ticket (the ticket's tag select and the kanban board). */
@Injectable()
export class TagSyncService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: TicketAccess,
    private readonly events: TagEvents,
  ) {}

  async sync(ctx: AuthContext, dto: SyncTagsDto): Promise<TicketTagsResponse> {
    if (!(await this.em.count(Ticket, { id: dto.ticketId }))) throw notFound('ERR_NO_TICKET_FOUND');
    if (!(await this.access.canJoin(ctx, dto.ticketId))) throw forbidden();
    const wanted = [...new Set(dto.tags.map((tag) => tag.id))];
    const tags = wanted.length ? await this.em.find(Tag, { id: { $in: wanted } }, { orderBy: { name: 'ASC', id: 'ASC' } }) : [];
    if (tags.length !== wanted.length) throw tagNotFound();

    await this.em.transactional(async (tx) => {
      // Concurrent syncs of one ticket run one after the other, so neither sees a half-replaced list.
      await tx.findOneOrFail(Ticket, dto.ticketId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const current = await tx.find(TicketTag, { ticket: dto.ticketId });
      const kept = new Set<number>();
      for (const link of current) {
        if (wanted.includes(link.tag.id)) kept.add(link.tag.id);
        else tx.remove(link);
      }
      for (const tagId of wanted.filter((id) => !kept.has(id))) {
        tx.create(TicketTag, {
          company: tx.getReference(Company, ctx.companyId),
          ticket: tx.getReference(Ticket, dto.ticketId),
          tag: tx.getReference(Tag, tagId),
        });
      }
    });

    const response = { ticketId: dto.ticketId, tags: tags.map(toTagSummary) };
    this.events.emit(ctx.companyId, { action: 'sync', ...response });
    return response;
  }
}
