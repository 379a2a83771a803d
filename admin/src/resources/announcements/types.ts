import type { AnnouncementPriority, AnnouncementResponse } from '../../../../src/shared/announcement-api-types';

/** An announcement as GET /announcements answers it. */
export type Announcement = AnnouncementResponse;

/** The announcement dialog's fields; the attachment is kept beside the form. */
export interface AnnouncementFormValues {
  priority: AnnouncementPriority;
  title: string;
  text: string;
  status: boolean;
}
