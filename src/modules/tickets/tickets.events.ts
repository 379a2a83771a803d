import { Injectable } from '@nestjs/common';
import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import { Rooms } from '../../shared/realtime-events.js';
import { ticketRooms } from './ticket-rooms.js';
import type { TicketResponse } from './ticket.mapper.js';

export interface RoomState {
  status: string;
  queueId: number | null;
  /** The agent it belonged to: their own room hears it even when no queue room of theirs does (tab counts). */
  userId?: number | null;
}

/** Ticket events reach the rooms of its old and new state, so every list can add, move or drop it. */
@Injectable()
export class TicketsEvents {
  constructor(private readonly realtime: RealtimeService) {}

  updated(companyId: number, ticket: TicketResponse, before?: RoomState): void {
    this.realtime.toRooms(companyId, this.rooms(companyId, ticket.id, ticket, before), 'ticket', { action: 'update', ticket });
  }

  deleted(companyId: number, ticketId: number, before: RoomState): void {
    this.realtime.toRooms(companyId, [...ticketRooms({ id: ticketId, companyId, ...before }), ...ownerRooms(before), Rooms.mainChannel(companyId)], 'ticket', {
      action: 'delete',
      ticketId,
    });
  }

  unreadReset(companyId: number, ticketId: number, state: RoomState): void {
    this.realtime.toRooms(companyId, ticketRooms({ id: ticketId, companyId, ...state }), 'ticket', { action: 'updateUnread', ticketId });
  }

  private rooms(companyId: number, id: number, after: RoomState, before?: RoomState): string[] {
    const rooms = new Set([...ticketRooms({ id, companyId, status: after.status, queueId: after.queueId }), ...ownerRooms(after)]);
    if (before) for (const room of [...ticketRooms({ id, companyId, ...before }), ...ownerRooms(before)]) rooms.add(room);
    return [...rooms];
  }
}

/**
 * The owner's own room: an attendant whose ticket has no queue (or a queue not theirs) is in none of its rooms, yet
 * their "Atendendo" count moves when it closes, is taken from them or is given to them, by them or by an admin.
 */
const ownerRooms = (state: RoomState): string[] => (state.userId ? [Rooms.user(state.userId)] : []);
