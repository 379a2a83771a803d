import { type AppAbility, canSeeTicket, ticketListAction } from '../../../../src/shared/permissions';
import type { Message, Ticket, TicketStatus } from './types';

/** The attendant a rule is checked for. */
export interface Viewer {
  id: number;
  queueIds: number[];
  allTicket: boolean;
  /** The rules /auth/me shipped (Access.ability): ticket visibility is read from them, never copied here. */
  ability: AppAbility;
}

/** What a ticket list shows: one status, optionally everyone's tickets. */
export interface ListScope {
  status: TicketStatus;
  /** 'Show all' switch: lists every ticket the viewer may open; honoured only with 'tickets-manager:showall'. */
  showAll: boolean;
}

/** The viewer may open this ticket (shared Ticket rule `read`, as GET /tickets/{id} and the ticket room). */
export function inViewerQueues(ticket: Pick<Ticket, 'queueId' | 'userId' | 'status'>, viewer: Viewer): boolean {
  return canSeeTicket(viewer.ability, ticket, 'read');
}

/**
 * Whether a ticket that changed belongs in a list, as GET /tickets would answer: right status and allowed by the
 * shared rules for lists (`list`, or `read` under 'show all').
 */
export function belongsToList(ticket: Ticket, scope: ListScope, viewer: Viewer): boolean {
  if (ticket.status !== scope.status) return false;
  return canSeeTicket(viewer.ability, ticket, ticketListAction(viewer.ability, scope.showAll));
}

/**
 * Notification rules (core §6): not pending unless allTicket, mine or unassigned, in my queues or without queue,
 * with unread messages.
 */
export function isNotifiable(ticket: Ticket, viewer: Viewer): boolean {
  if (ticket.status === 'closed') return false;
  if (ticket.status === 'pending' && !viewer.allTicket) return false;
  if (ticket.userId !== null && ticket.userId !== viewer.id) return false;
  if (ticket.queueId !== null && !viewer.queueIds.includes(ticket.queueId)) return false;
  return ticket.unreadMessages > 0;
}

/** A customer message that should ring: not sent by me, on a notifiable ticket. */
export function shouldNotify(message: Pick<Message, 'fromMe'>, ticket: Ticket, viewer: Viewer): boolean {
  return !message.fromMe && isNotifiable({ ...ticket, unreadMessages: Math.max(ticket.unreadMessages, 1) }, viewer);
}

/** The list's order: newest last message first, then newest id (as GET /tickets pages). */
const before = (a: Ticket, b: Ticket) => {
  const at = Date.parse(a.lastMessageAt ?? '') || Number.POSITIVE_INFINITY;
  const bt = Date.parse(b.lastMessageAt ?? '') || Number.POSITIVE_INFINITY;
  return at === bt ? a.id > b.id : at > bt;
};

/**
 * Inserts or replaces a ticket; `toTop` moves it to the head (a new message), otherwise it keeps its place. An unknown
 * ticket (accepted or transferred into this list) goes where its last message puts it, never to the top by itself.
 */
export function upsertTicket(list: Ticket[], ticket: Ticket, toTop: boolean): Ticket[] {
  const index = list.findIndex((known) => known.id === ticket.id);
  if (index === -1) {
    if (toTop) return [ticket, ...list];
    const at = list.findIndex((known) => before(ticket, known));
    return at === -1 ? [...list, ticket] : [...list.slice(0, at), ticket, ...list.slice(at)];
  }
  const merged = { ...list[index], ...ticket, tags: ticket.tags ?? list[index]?.tags };
  if (toTop) return [merged, ...list.slice(0, index), ...list.slice(index + 1)];
  return list.map((known, position) => (position === index ? merged : known));
}
