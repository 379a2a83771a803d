import { Controller, Delete, Get, Param, ParseIntPipe, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '../../authorization/auth-context.js';
import { AnyUser, RequiresPlan } from '../../common/decorators/access.decorators.js';
import { Auth } from '../../authorization/auth.decorator.js';
import { type TicketTagsResponse, TagSyncService } from '../tags/tag-sync.service.js';
import type { TicketWithTagsResponse } from '../../shared/api-types.js';
import { TicketsService } from '../tickets/tickets.service.js';
import { KanbanQueryDto } from './kanban-query.dto.js';

/** Cards on the board at most; the busiest lanes show their most recent tickets. */
const KANBAN_LIMIT = 500;

/** The kanban board (plan flag useKanban): lanes are the kanban tags (GET /tags/kanban), lane 0 the tickets without one. */
@ApiTags('kanban')
@ApiBearerAuth()
@AnyUser()
@RequiresPlan('useKanban')
@Controller()
export class KanbanController {
  constructor(
    private readonly tickets: TicketsService,
    private readonly tagSync: TagSyncService,
  ) {}

  @Get('ticket/kanban')
  async cards(@Auth() ctx: AuthContext, @Query() query: KanbanQueryDto): Promise<{ tickets: TicketWithTagsResponse[] }> {
    // Those who may see every ticket (admins) see the whole board; the others their queues' tickets.
    return { tickets: await this.tickets.kanban(ctx, query.queueIds, KANBAN_LIMIT) };
  }

  /** Moves the card into the tag's lane. */
  @Put('ticket-tags/:ticketId/:tagId')
  moveToLane(
    @Auth() ctx: AuthContext,
    @Param('ticketId', ParseIntPipe) ticketId: number,
    @Param('tagId', ParseIntPipe) tagId: number,
  ): Promise<TicketTagsResponse> {
    return this.tagSync.moveToLane(ctx, ticketId, tagId);
  }

  /** Moves the card to lane 0 (no kanban tag). */
  @Delete('ticket-tags/:ticketId')
  leaveLanes(@Auth() ctx: AuthContext, @Param('ticketId', ParseIntPipe) ticketId: number): Promise<TicketTagsResponse> {
    return this.tagSync.leaveLanes(ctx, ticketId);
  }
}
