import { Injectable } from '@nestjs/common';
import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import type { ContactListEventPayload, ContactListItemEventPayload } from '../../shared/campaign-api-types.js';
import { Rooms } from '../../shared/realtime-events.js';

/** `company-{id}-contact-list` (lists and import progress) and `company-{id}-ContactListItem` (items), on the main channel. */
@Injectable()
export class ContactListEvents {
  constructor(private readonly realtime: RealtimeService) {}

  list(companyId: number, payload: ContactListEventPayload): void {
    this.realtime.toRooms(companyId, [Rooms.mainChannel(companyId)], 'contact-list', payload);
  }

  item(companyId: number, payload: ContactListItemEventPayload): void {
    this.realtime.toRooms(companyId, [Rooms.mainChannel(companyId)], 'ContactListItem', payload);
  }
}
