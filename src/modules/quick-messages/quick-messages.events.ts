import { Injectable } from '@nestjs/common';
import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import { Rooms } from '../../shared/realtime-events.js';
import type { QuickMessageResponse } from './quick-message.mapper.js';

export const QUICK_MESSAGE_TOPIC = 'quickmessage';

export type QuickMessageEventPayload = { action: 'create' | 'update'; record: QuickMessageResponse } | { action: 'delete'; id: number };

/** Who may see the record: everyone when shared, else its owner and whoever changed it (an admin). */
export interface QuickMessageAudience {
  geral: boolean;
  ownerId: number;
  actorId: number;
}

type EmitToRooms = (companyId: number, rooms: string[], topic: typeof QUICK_MESSAGE_TOPIC, payload: QuickMessageEventPayload) => void;

/** `company-{id}-quickmessage`: a private reply never reaches the sockets of other users. */
@Injectable()
export class QuickMessageEvents {
  private readonly emitToRooms: EmitToRooms;

  constructor(realtime: RealtimeService) {
    // The shared CompanyEventMap has no `quickmessage` topic yet; this cast is the only place the topic bypasses it.
    this.emitToRooms = realtime.toRooms.bind(realtime) as unknown as EmitToRooms;
  }

  emit(companyId: number, audience: QuickMessageAudience, payload: QuickMessageEventPayload): void {
    const rooms = audience.geral ? [Rooms.mainChannel(companyId)] : [...new Set([Rooms.user(audience.ownerId), Rooms.user(audience.actorId)])];
    this.emitToRooms(companyId, rooms, QUICK_MESSAGE_TOPIC, payload);
  }
}
