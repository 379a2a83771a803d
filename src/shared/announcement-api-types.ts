// Announcements (campaigns-and-content §Announcements): response shapes and rules shared by the API and the browser.
// Dates are ISO-8601 strings.

/** 1 high, 2 medium, 3 low. */
export const ANNOUNCEMENT_PRIORITIES = [1, 2, 3] as const;
export type AnnouncementPriority = (typeof ANNOUNCEMENT_PRIORITIES)[number];

/** Defaults of a new announcement (campaigns §9). */
export const DEFAULT_ANNOUNCEMENT_PRIORITY: AnnouncementPriority = 3;
export const DEFAULT_ANNOUNCEMENT_STATUS = true;

export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_TEXT_MAX = 5000;

/** The attachment accepts png, jpg and jpeg (campaigns §5), checked by name, declared type and content. */
export const ANNOUNCEMENT_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;
export const ANNOUNCEMENT_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export const ANNOUNCEMENT_IMAGE_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';
export const ANNOUNCEMENT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** How many announcements the top-bar bell lists (the most important first). */
export const ANNOUNCEMENT_FEED_SIZE = 50;

export interface AnnouncementResponse {
  id: number;
  title: string;
  text: string;
  priority: AnnouncementPriority;
  status: boolean;
  /** Storage path, served under /public/. */
  mediaPath: string | null;
  /** The uploaded file's original name, as metadata only. */
  mediaName: string | null;
  mediaUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

/** An active announcement as the bell shows it to one user. */
export interface AnnouncementFeedItem extends AnnouncementResponse {
  read: boolean;
}

/** `GET /announcements/feed`: active announcements by priority then newest, and how many the caller has not read. */
export interface AnnouncementFeedResponse {
  records: AnnouncementFeedItem[];
  unreadCount: number;
}

/** `GET /announcements/unread-count` and the answer of marking read. */
export interface AnnouncementUnreadResponse {
  unreadCount: number;
}

/**
 * The `announcement` socket event, the only one sent to every company. `record` travels only while the announcement
 * is active: an inactive or deleted one goes out as its id, and clients drop it (its contents stay with super users).
 */
export interface AnnouncementEventPayload {
  action: 'create' | 'update' | 'delete';
  id: number;
  record?: AnnouncementResponse;
}
