import { Injectable } from '@nestjs/common';
import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import { Rooms } from '../../shared/realtime-events.js';
import type { QuickMessageResponse } from './quick-message.mapper.js';

export type QuickMessageEventPayload = { action: 'create' | 'update'; record: QuickMessageResponse } | { action: 'delete'; id: number };

/** Who may see the record: everyone when shared, else its owner and whoever changed it (an admin). */
export interface QuickMessageAudience {
  geral: boolean;
  ownerId: number;
  actorId: number;
}

/** `company-{id}-quickmessage`: a private reply never reaches the sockets of other users. */
@Injectable()
export class QuickMessageEvents {
  constructor(private readonly realtime: RealtimeService) {}

  emit(companyId: number, audience: QuickMessageAudience, payload: QuickMessageEventPayload): void {
    const rooms = audience.geral ? [Rooms.mainChannel(companyId)] : [...new Set([Rooms.user(audience.ownerId), Rooms.user(audience.actorId)])];
    this.realtime.toRooms(companyId, rooms, 'quickmessage', payload);
  }
}
