import { Injectable } from '@nestjs/common';
import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import { Rooms } from '../../shared/realtime-events.js';
import type { TagResponse, TagSummary } from './tag.mapper.js';

export type TagEventPayload =
  | { action: 'create' | 'update'; tag: TagResponse }
  | { action: 'delete'; tagId: number }
  | { action: 'sync'; ticketId: number; tags: TagSummary[] };

/** `company-{id}-tag` on the company's main channel. */
@Injectable()
export class TagEvents {
  constructor(private readonly realtime: RealtimeService) {}

  emit(companyId: number, payload: TagEventPayload): void {
    this.realtime.toRooms(companyId, [Rooms.mainChannel(companyId)], 'tag', payload);
  }
}
