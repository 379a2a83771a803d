import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { TicketRoomAuthorizer } from '../../infra/realtime/ticket-room.authorizer.js';
import { canSeeTicket, type TicketStatus } from '../../shared/permissions.js';

interface AccessRow {
  user_id: number | null;
  queue_id: number | null;
  status: TicketStatus;
}

/**
 * Who may open a ticket: the shared Ticket rules (`read`) on the row, loaded in one query scoped to the caller's
 * company. Used by the record routes, messages, notes, tags and the socket room join.
 */
@Injectable()
export class TicketAccess extends TicketRoomAuthorizer {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async canJoin(auth: AuthContext, ticketId: number): Promise<boolean> {
    const rows = await this.em
      .getConnection()
      .execute<AccessRow[]>(`select t.user_id, t.queue_id, t.status from tickets t where t.company_id = ? and t.id = ?`, [auth.companyId, ticketId]);
    const row = rows[0];
    return row !== undefined && canSeeTicket(auth.ability, { userId: row.user_id, queueId: row.queue_id, status: row.status });
  }
}
