import type { AuthContext } from '../../authorization/auth-context.js';

/** Decides whether a user may join a ticket's room; the tickets module provides the real one. */
export abstract class TicketRoomAuthorizer {
  abstract canJoin(auth: AuthContext, ticketId: number): Promise<boolean>;
}

/** Until tickets exist, no ticket room can be joined. */
export class NoTicketRooms extends TicketRoomAuthorizer {
  async canJoin(): Promise<boolean> {
    return false;
  }
}
