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

/**
 * The lane a card sits in: of its kanban tags, the one put on the ticket last, as the server tells it (`laneId`);
 * while a change the server has not described yet is shown, the first of its kanban tags in lane order; lane 0
 * without one.
 */
export function laneOf(ticket: Pick<KanbanTicket, 'tags' | 'laneId'>, lanes: Pick<Lane, 'id'>[]): number {
  const tagIds = new Set(ticket.tags.map((tag) => tag.id));
  const known = ticket.laneId;
  if (known && tagIds.has(known) && lanes.some((lane) => lane.id === known)) return known;
  return lanes.find((lane) => tagIds.has(lane.id))?.id ?? OPEN_LANE_ID;
}

/**
 * Within a lane, the latest message first, by the ticket's lastMessageAt (newest id first on a tie): accepting,
 * transferring or tagging a ticket changes its updatedAt but does not move its card. updatedAt stands in only for a
 * ticket an older server sent without a last-message time.
 */
const byActivity = (a: KanbanTicket, b: KanbanTicket) => (b.lastMessageAt ?? b.updatedAt).localeCompare(a.lastMessageAt ?? a.updatedAt) || b.id - a.id;

/** The cards of each lane (lane 0 first), every lane present even when empty. */
export function groupByLane(cards: KanbanTicket[], lanes: Lane[]): Map<number, KanbanTicket[]> {
  const groups = new Map<number, KanbanTicket[]>([[OPEN_LANE_ID, []], ...lanes.map((lane) => [lane.id, []] as [number, KanbanTicket[]])]);
  for (const card of cards) groups.get(laneOf(card, lanes))?.push(card);
  for (const group of groups.values()) group.sort(byActivity);
  return groups;
}

/**
 * A ticket's tags once its card moves from `from` to `target` (null: lane 0), as the server will store them: moving
 * to a lane removes only the tag of the lane it leaves; moving to lane 0 removes every lane tag. Other tags stay.
 */
export function tagsAfterMove(tags: TagRef[], lanes: Pick<Lane, 'id'>[], from: number, target: Lane | null): TagRef[] {
  if (!target) {
    const laneIds = new Set(lanes.map((lane) => lane.id));
    return tags.filter((tag) => !laneIds.has(tag.id));
  }
  const kept = tags.filter((tag) => tag.id !== from && tag.id !== target.id);
  return [...kept, { id: target.id, name: target.name, color: target.color }];
}

/**
 * A card's tags changed elsewhere (the ticket's tag field): a lane tag it did not have is now the last one put on;
 * otherwise it keeps its lane while that tag stays.
 */
export function laneAfterSync(card: Pick<KanbanTicket, 'tags' | 'laneId'>, tags: TagRef[], lanes: Pick<Lane, 'id'>[]): number | undefined {
  const before = new Set(card.tags.map((tag) => tag.id));
  const added = lanes.find((lane) => tags.some((tag) => tag.id === lane.id) && !before.has(lane.id));
  return added ? added.id : card.laneId;
}

/** Inserts or refreshes a card from a ticket event; events carry no tags, so a known card keeps its own. */
export function upsertCard(cards: KanbanTicket[], ticket: Ticket): KanbanTicket[] {
  const index = cards.findIndex((card) => card.id === ticket.id);
  if (index === -1) return [...cards, { ...ticket, tags: ticket.tags ?? [] }];
  return cards.map((card, position) => (position === index ? { ...card, ...ticket, tags: ticket.tags ?? card.tags } : card));
}

/** Sets a card's tags and, when known, its lane (undefined keeps the one it had). */
export const setCardTags = (cards: KanbanTicket[], ticketId: number, tags: TagRef[], laneId?: number): KanbanTicket[] =>
  cards.map((card) => (card.id === ticketId ? { ...card, tags, laneId: laneId ?? card.laneId } : card));
