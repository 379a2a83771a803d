import type { AuthContext } from '../../authorization/auth-context.js';

/**
 * Decides whether a user may join a ticket's room; the tickets module provides it (TicketAccess), with the same
 * shared Ticket rule (`read`) as GET /tickets/{id}.
 */
export abstract class TicketRoomAuthorizer {
  abstract canJoin(auth: AuthContext, ticketId: number): Promise<boolean>;
}
