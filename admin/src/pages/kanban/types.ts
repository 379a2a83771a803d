import type { TagRef, Ticket } from '../tickets/types';

/** A lane of the board: a kanban tag, or lane 0 (id 0) for the tickets without one. */
export interface Lane {
  id: number;
  name: string;
  color: string;
}

/** Lane 0's id: tickets without a kanban tag (campaigns §9). */
export const OPEN_LANE_ID = 0;

/**
 * A card: a not-closed ticket with its tags, as GET /ticket/kanban answers it, and its lane (the kanban tag put on the
 * ticket last; absent on a card that came from a ticket event).
 */
export type KanbanTicket = Ticket & { tags: TagRef[]; laneId?: number };

/** The answer of PUT /ticket-tags/{ticketId}/{tagId} and DELETE /ticket-tags/{ticketId}. */
export interface TicketTagsAnswer {
  ticketId: number;
  tags: TagRef[];
  laneId: number;
}
