import { Injectable } from '@nestjs/common';
import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import { Rooms } from '../../shared/realtime-events.js';
import type { TagResponse, TagSummary } from './tag.mapper.js';

export const TAG_TOPIC = 'tag';

export type TagEventPayload =
  | { action: 'create' | 'update'; tag: TagResponse }
  | { action: 'delete'; tagId: number }
  | { action: 'sync'; ticketId: number; tags: TagSummary[] };

type EmitToRooms = (companyId: number, rooms: string[], topic: typeof TAG_TOPIC, payload: TagEventPayload) => void;

/** `company-{id}-tag` on the company's main channel. */
@Injectable()
export class TagEvents {
  private readonly emitToRooms: EmitToRooms;

  constructor(realtime: RealtimeService) {
    // The shared CompanyEventMap has no `tag` topic yet; this cast is the only place the topic bypasses it.
    this.emitToRooms = realtime.toRooms.bind(realtime) as unknown as EmitToRooms;
  }

  emit(companyId: number, payload: TagEventPayload): void {
    this.emitToRooms(companyId, [Rooms.mainChannel(companyId)], TAG_TOPIC, payload);
  }
}
