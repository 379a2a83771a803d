import type { AnnouncementFeedResponse, AnnouncementResponse, AnnouncementUnreadResponse } from '../../../../src/shared/announcement-api-types';
import { API_URL, type httpClient as HttpClient } from '../../providers/httpClient';

type Client = typeof HttpClient;

/** The announcement's image (POST/DELETE /announcements/{id}/media-upload) and the top-bar bell's calls. */
export function announcementMethods(httpClient: Client) {
  const media = (id: number) => `${API_URL}/announcements/${id}/media-upload`;
  return {
    /** Attaches (or replaces) the announcement's image; answers the announcement as it now is. */
    async uploadAnnouncementMedia(id: number, file: File): Promise<{ data: AnnouncementResponse }> {
      const body = new FormData();
      body.append('file', file, file.name);
      return { data: (await httpClient<AnnouncementResponse>(media(id), { method: 'POST', body })).json };
    },
    /** Removes the announcement's image; answers the announcement as it now is. */
    async removeAnnouncementMedia(id: number): Promise<{ data: AnnouncementResponse }> {
      return { data: (await httpClient<AnnouncementResponse>(media(id), { method: 'DELETE' })).json };
    },
    /** The active announcements for the bell, each marked read or not, and the unread count. */
    async getAnnouncementFeed(): Promise<AnnouncementFeedResponse> {
      return (await httpClient<AnnouncementFeedResponse>(`${API_URL}/announcements/feed`)).json;
    },
    /** Marks the announcements the bell shows as read; answers the unread count left. */
    async markAnnouncementsRead(ids: number[]): Promise<AnnouncementUnreadResponse> {
      return (await httpClient<AnnouncementUnreadResponse>(`${API_URL}/announcements/read`, { method: 'POST', body: JSON.stringify({ ids }) })).json;
    },
  };
}

export type AnnouncementMethods = ReturnType<typeof announcementMethods>;
