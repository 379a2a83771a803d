import type { Message, Ticket, TicketStatus } from './types';

/** The attendant a rule is checked for. */
export interface Viewer {
  id: number;
  isAdmin: boolean;
  queueIds: number[];
  allTicket: boolean;
}

/** What a ticket list shows: one status, optionally everyone's tickets. */
export interface ListScope {
  status: TicketStatus;
  /** Admin 'show all' switch: also tickets assigned to other users. */
  showAll: boolean;
}

/** The viewer may see tickets of this queue (their queues; no queue when admin or allTicket). */
export function inViewerQueues(ticket: Pick<Ticket, 'queueId' | 'userId'>, viewer: Viewer): boolean {
  if (viewer.isAdmin) return true;
  if (ticket.userId === viewer.id) return true;
  if (ticket.queueId === null) return viewer.allTicket;
  return viewer.queueIds.includes(ticket.queueId);
}

/**
 * Whether a ticket that changed belongs in a list: right status, visible to the viewer, and for open/closed lists
 * without 'show all' assigned to the viewer (pending tickets are unassigned by nature).
 */
export function belongsToList(ticket: Ticket, scope: ListScope, viewer: Viewer): boolean {
  if (ticket.status !== scope.status) return false;
  if (!inViewerQueues(ticket, viewer)) return false;
  if (scope.status === 'pending') return true;
  return (scope.showAll && viewer.isAdmin) || ticket.userId === viewer.id;
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

/** Inserts or replaces a ticket; `toTop` moves it to the head (a new message), otherwise it keeps its place. */
export function upsertTicket(list: Ticket[], ticket: Ticket, toTop: boolean): Ticket[] {
  const index = list.findIndex(known => known.id === ticket.id);
  if (index === -1) return [ticket, ...list];
  const merged = { ...list[index], ...ticket, tags: ticket.tags ?? list[index]?.tags };
  if (toTop) return [merged, ...list.slice(0, index), ...list.slice(index + 1)];
  return list.map((known, position) => (position === index ? merged : known));
}
