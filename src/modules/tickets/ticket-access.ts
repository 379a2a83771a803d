import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { isAdmin } from '../../authorization/auth-context.js';
import { TicketRoomAuthorizer } from '../../infra/realtime/ticket-room.authorizer.js';

/**
 * Who may open a ticket (core-attendant §6, ARCHITECTURE §5): admins any ticket of their company; others their own
 * tickets, tickets of their queues, and tickets without a queue when allTicket is enabled.
 */
@Injectable()
export class TicketAccess extends TicketRoomAuthorizer {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async canJoin(auth: AuthContext, ticketId: number): Promise<boolean> {
    const rows = await this.em.getConnection().execute<unknown[]>(
      `select 1 from tickets t
        where t.id = ? and t.company_id = ?
          and (? or t.user_id = ? or t.queue_id = any(string_to_array(?, ',')::int[]) or (t.queue_id is null and ?))`,
      [ticketId, auth.companyId, isAdmin(auth), auth.userId, auth.queueIds.join(','), auth.allTicket],
    );
    return rows.length > 0;
  }
}
