import { type AppAbility, canSeeTicket, ticketListAction } from '../../../../src/shared/permissions';
import type { TagRef, Ticket } from '../tickets/types';
import { type KanbanTicket, type Lane, OPEN_LANE_ID } from './types';

/** Whose board it is, with what GET /ticket/kanban applies to them. */
export interface BoardViewer {
  id: number;
  /** 'tickets-manager:showall' (admins): the whole board, no queue filter. */
  showAll: boolean;
  queueIds: number[];
  /** The rules /auth/me shipped: who sees which ticket is read from them, never copied here. */
  ability: AppAbility;
}

/** The queue ids the board asks for: the user's own; none for those who see every ticket. */
export const boardQueueIds = (viewer: BoardViewer): number[] | undefined => (viewer.showAll ? undefined : viewer.queueIds);

/**
 * Whether a ticket that changed belongs on the viewer's board, as GET /ticket/kanban would answer: not closed, allowed
 * by the shared Ticket rules the server lists with (`read` for those who see every ticket, else `list`) and, when the
 * board asks for queues, in one of them.
 */
export function onBoard(ticket: Pick<Ticket, 'status' | 'queueId' | 'userId'>, viewer: BoardViewer): boolean {
  if (ticket.status === 'closed') return false;
  const queues = boardQueueIds(viewer) ?? [];
  if (queues.length && (ticket.queueId === null || !queues.includes(ticket.queueId))) return false;
  return canSeeTicket(viewer.ability, ticket, ticketListAction(viewer.ability, viewer.showAll));
}

/** The lane a card sits in: its first kanban tag in lane order, else lane 0. */
export function laneOf(ticket: Pick<KanbanTicket, 'tags'>, lanes: Pick<Lane, 'id'>[]): number {
  const tagIds = new Set(ticket.tags.map((tag) => tag.id));
  return lanes.find((lane) => tagIds.has(lane.id))?.id ?? OPEN_LANE_ID;
}

/** Most recent activity first, as the server lists them. */
const byActivity = (a: KanbanTicket, b: KanbanTicket) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id;

/** The cards of each lane (lane 0 first), every lane present even when empty. */
export function groupByLane(cards: KanbanTicket[], lanes: Lane[]): Map<number, KanbanTicket[]> {
  const groups = new Map<number, KanbanTicket[]>([[OPEN_LANE_ID, []], ...lanes.map((lane) => [lane.id, []] as [number, KanbanTicket[]])]);
  for (const card of cards) groups.get(laneOf(card, lanes))?.push(card);
  for (const group of groups.values()) group.sort(byActivity);
  return groups;
}

/**
 * A ticket's tags once its card moves to `target` (null: lane 0), as the server will store them: every lane tag
 * leaves, the ticket's other tags stay.
 */
export function tagsAfterMove(tags: TagRef[], lanes: Pick<Lane, 'id'>[], target: Lane | null): TagRef[] {
  const laneIds = new Set(lanes.map((lane) => lane.id));
  const kept = tags.filter((tag) => !laneIds.has(tag.id));
  return target ? [...kept, { id: target.id, name: target.name, color: target.color }] : kept;
}

/** Inserts or refreshes a card from a ticket event; events carry no tags, so a known card keeps its own. */
export function upsertCard(cards: KanbanTicket[], ticket: Ticket): KanbanTicket[] {
  const index = cards.findIndex((card) => card.id === ticket.id);
  if (index === -1) return [...cards, { ...ticket, tags: ticket.tags ?? [] }];
  return cards.map((card, position) => (position === index ? { ...card, ...ticket, tags: ticket.tags ?? card.tags } : card));
}

export const setCardTags = (cards: KanbanTicket[], ticketId: number, tags: TagRef[]): KanbanTicket[] =>
  cards.map((card) => (card.id === ticketId ? { ...card, tags } : card));
