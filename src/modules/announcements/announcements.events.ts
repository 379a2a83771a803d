import { Injectable } from '@nestjs/common';
import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import type { AnnouncementEventPayload } from '../../shared/announcement-api-types.js';
import type { Announcement } from './announcement.entity.js';
import { toAnnouncementResponse } from './announcement.mapper.js';

/**
 * The `announcement` event, to every socket of every company: announcements are global, and the only event that is
 * (RealtimeService.broadcastAnnouncement). Only an active announcement travels whole; an inactive one goes as its id
 * so that clients drop it without its contents reaching users who may not read it.
 */
@Injectable()
export class AnnouncementEvents {
  constructor(private readonly realtime: RealtimeService) {}

  changed(action: 'create' | 'update', record: Announcement): void {
    const payload: AnnouncementEventPayload = record.status ? { action, id: record.id, record: toAnnouncementResponse(record) } : { action, id: record.id };
    this.realtime.broadcastAnnouncement(payload);
  }

  deleted(id: number): void {
    this.realtime.broadcastAnnouncement({ action: 'delete', id });
  }
}
