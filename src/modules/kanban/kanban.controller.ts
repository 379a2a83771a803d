import { Controller, Delete, Get, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '../../authorization/auth-context.js';
import { AnyUser, RequiresPlan } from '../../common/decorators/access.decorators.js';
import { Auth } from '../../authorization/auth.decorator.js';
import type { KanbanCardResponse, KanbanMoveResponse } from '../../shared/kanban-api-types.js';
import { TicketLanesService } from '../tags/ticket-lanes.service.js';
import { TicketsService } from '../tickets/tickets.service.js';
import { KanbanQueryDto } from './kanban-query.dto.js';
import { IdParam } from '../../common/pipes/id-param.pipe.js';

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
    private readonly lanes: TicketLanesService,
  ) {}

  @Get('ticket/kanban')
  @ApiOperation({ summary: 'The cards, each with its lane (the kanban tag put on the ticket last; 0 without one)' })
  async cards(@Auth() ctx: AuthContext, @Query() query: KanbanQueryDto): Promise<{ tickets: KanbanCardResponse[] }> {
    // Those who may see every ticket (admins) see the whole board; the others their queues' tickets.
    const tickets = await this.tickets.kanban(ctx, query.queueIds, KANBAN_LIMIT);
    const lanes = await this.lanes.lanesOf(tickets.map((ticket) => ticket.id));
    return { tickets: tickets.map((ticket) => ({ ...ticket, laneId: lanes.get(ticket.id) ?? 0 })) };
  }

  @Put('ticket-tags/:ticketId/:tagId')
  @ApiOperation({ summary: 'Moves the card into the tag’s lane: the tag of the lane it leaves goes, its other tags stay' })
  moveToLane(@Auth() ctx: AuthContext, @IdParam('ticketId') ticketId: number, @IdParam('tagId') tagId: number): Promise<KanbanMoveResponse> {
    return this.lanes.moveToLane(ctx, ticketId, tagId);
  }

  @Delete('ticket-tags/:ticketId')
  @ApiOperation({ summary: 'Moves the card to lane 0: its kanban tags go, its other tags stay' })
  leaveLanes(@Auth() ctx: AuthContext, @IdParam('ticketId') ticketId: number): Promise<KanbanMoveResponse> {
    return this.lanes.leaveLanes(ctx, ticketId);
  }
}
