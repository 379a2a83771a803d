import { Injectable } from '@nestjs/common';
import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import { Rooms } from '../../shared/realtime-events.js';
import { ticketRooms } from './ticket-rooms.js';
import type { TicketResponse } from './ticket.mapper.js';

export interface RoomState {
  status: string;
  queueId: number | null;
}

/** Ticket events reach the rooms of its old and new state, so every list can add, move or drop it. */
@Injectable()
export class TicketsEvents {
  constructor(private readonly realtime: RealtimeService) {}

  updated(companyId: number, ticket: TicketResponse, before?: RoomState): void {
    this.realtime.toRooms(companyId, this.rooms(companyId, ticket.id, ticket, before), 'ticket', { action: 'update', ticket });
  }

  deleted(companyId: number, ticketId: number, before: RoomState): void {
    this.realtime.toRooms(companyId, [...ticketRooms({ id: ticketId, companyId, ...before }), Rooms.mainChannel(companyId)], 'ticket', {
      action: 'delete',
      ticketId,
    });
  }

  unreadReset(companyId: number, ticketId: number, state: RoomState): void {
    this.realtime.toRooms(companyId, ticketRooms({ id: ticketId, companyId, ...state }), 'ticket', { action: 'updateUnread', ticketId });
  }

  private rooms(companyId: number, id: number, after: RoomState, before?: RoomState): string[] {
    const rooms = new Set(ticketRooms({ id, companyId, status: after.status, queueId: after.queueId }));
    if (before) for (const room of ticketRooms({ id, companyId, ...before })) rooms.add(room);
    return [...rooms];
  }
}
