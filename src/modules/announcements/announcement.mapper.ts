import type { AnnouncementResponse } from '../../shared/announcement-api-types.js';
import type { Announcement } from './announcement.entity.js';

/** Declared once in src/shared/announcement-api-types.ts, where the browser reads them too. */
export type { AnnouncementResponse };

export function toAnnouncementResponse(record: Announcement): AnnouncementResponse {
  return {
    id: record.id,
    title: record.title,
    text: record.text,
    priority: record.priority,
    status: record.status,
    mediaPath: record.mediaPath,
    mediaName: record.mediaName,
    mediaUrl: record.mediaPath ? `/public/${record.mediaPath}` : null,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}
