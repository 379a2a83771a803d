import { api } from '../../providers/httpClient';
import { listOf } from '../tickets/ticketMethods';
import type { Tag } from '../tickets/types';
import type { KanbanTicket, TicketTagsAnswer } from './types';

/** The kanban's calls, as custom methods of the dataProvider. */
export const kanbanMethods = {
  /** The kanban tags, in lane order. */
  getKanbanLanes: () => api.get<unknown>('/tags/kanban').then((answer) => listOf<Tag>(answer, 'tags')),
  /** Undefined queue ids: every ticket the caller may see (admins). */
  getKanbanCards: (queueIds: number[] | undefined) =>
    api
      .get<unknown>('/ticket/kanban', { queueIds: queueIds?.length ? JSON.stringify(queueIds) : undefined })
      .then((answer) => listOf<KanbanTicket>(answer, 'tickets').map((ticket) => ({ ...ticket, tags: ticket.tags ?? [] }))),
  moveTicketToLane: (ticketId: number, tagId: number) => api.put<TicketTagsAnswer>(`/ticket-tags/${ticketId}/${tagId}`),
  removeTicketFromLanes: (ticketId: number) => api.delete<TicketTagsAnswer>(`/ticket-tags/${ticketId}`),
};
