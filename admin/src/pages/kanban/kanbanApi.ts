import { api } from '../../providers/httpClient';
import { listOf } from '../tickets/ticketApi';
import type { Tag } from '../tickets/types';
import type { KanbanTicket, TicketTagsAnswer } from './types';

export const kanbanApi = {
  /** The kanban tags, in lane order. */
  lanes: () => api.get<unknown>('/tags/kanban').then((answer) => listOf<Tag>(answer, 'tags')),
  /** Undefined queue ids: every ticket the caller may see (admins). */
  cards: (queueIds: number[] | undefined) =>
    api
      .get<unknown>('/ticket/kanban', { queueIds: queueIds?.length ? JSON.stringify(queueIds) : undefined })
      .then((answer) => listOf<KanbanTicket>(answer, 'tickets').map((ticket) => ({ ...ticket, tags: ticket.tags ?? [] }))),
  moveToLane: (ticketId: number, tagId: number) => api.put<TicketTagsAnswer>(`/ticket-tags/${ticketId}/${tagId}`),
  leaveLanes: (ticketId: number) => api.delete<TicketTagsAnswer>(`/ticket-tags/${ticketId}`),
};
