import { Rooms } from '../../shared/realtime-events.js';

export interface TicketRoomRef {
  id: number;
  companyId: number;
  status: string;
  queueId: number | null;
}

/** The rooms of server-behaviour §7 that must hear about a ticket and its messages. */
export function ticketRooms(ticket: TicketRoomRef): string[] {
  const rooms = [Rooms.ticket(ticket.id), Rooms.companyStatus(ticket.companyId, ticket.status), Rooms.companyNotification(ticket.companyId)];
  if (ticket.queueId) rooms.push(Rooms.queueStatus(ticket.queueId, ticket.status), Rooms.queueNotification(ticket.queueId));
  return rooms;
}
