import type { TagSummary, TicketWithTagsResponse } from './api-types.js';

/** Lane 0's id: the tickets without a kanban tag. */
export const OPEN_LANE = 0;

/**
 * A card of GET /ticket/kanban. `laneId` is the lane the card sits in: of the ticket's kanban tags, the one put on it
 * last (a move, or the ticket's tag field); 0 when it has none.
 */
export type KanbanCardResponse = TicketWithTagsResponse & { laneId: number };

/** PUT /ticket-tags/{ticket}/{tag} and DELETE /ticket-tags/{ticket}: the ticket's tags and its lane after the move. */
export interface KanbanMoveResponse {
  ticketId: number;
  tags: TagSummary[];
  laneId: number;
}
