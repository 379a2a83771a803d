import { Injectable } from '@nestjs/common';
import type { AuthContext } from '../../authorization/auth-context.js';
import { TicketRoomAuthorizer } from '../../infra/realtime/ticket-room.authorizer.js';
import { canSeeTicket } from '../../shared/permissions.js';
import type { TicketAccessRow } from './tickets.repository.js';
import { TicketsRepository } from './tickets.repository.js';

/**
 * Who may open a ticket: the shared Ticket rules (`read`) on the row, loaded in one query scoped to the caller's
 * company. Used by the record routes, messages, notes, tags and the socket room join.
 */
@Injectable()
export class TicketAccess extends TicketRoomAuthorizer {
  constructor(private readonly repository: TicketsRepository) {
    super();
  }

  async canJoin(auth: AuthContext, ticketId: number): Promise<boolean> {
    const row = await this.repository.accessRow(auth.companyId, ticketId);
    return row !== null && this.canSee(auth, row);
  }

  /** The same rule on a row already read (a ticket row carries the columns the rules look at). */
  canSee(auth: AuthContext, row: TicketAccessRow): boolean {
    return canSeeTicket(auth.ability, { userId: row.user_id, queueId: row.queue_id, status: row.status });
  }
}
