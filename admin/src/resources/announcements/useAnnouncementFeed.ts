import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { AnnouncementFeedResponse } from '../../../../src/shared/announcement-api-types';
import { ANNOUNCEMENT_EVENT } from '../../../../src/shared/realtime-events';
import { useAppDataProvider } from '../../providers/dataProvider';
import { useRealtimeEvent } from '../../realtime/useRealtimeEvent';

/** Under react-admin's resource key, so the /announcements screen's own invalidation refreshes the bell too. */
export const FEED_KEY = ['announcements', 'feed'] as const;

export interface AnnouncementFeed {
  feed: AnnouncementFeedResponse | undefined;
  isError: boolean;
  /** Marks the given announcements read; the badge follows the server's count. */
  markRead(ids: number[]): Promise<void>;
}

/**
 * The bell's announcements: loaded once, reloaded on every `announcement` event (create, update — an inactive one
 * arrives without its contents and drops out — and delete), whichever company the user is in.
 */
export function useAnnouncementFeed(): AnnouncementFeed {
  const methods = useAppDataProvider();
  const queryClient = useQueryClient();
  const { data, isError } = useQuery({ queryKey: FEED_KEY, queryFn: () => methods.getAnnouncementFeed() });
  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey: FEED_KEY }), [queryClient]);
  useRealtimeEvent<unknown>(ANNOUNCEMENT_EVENT, reload);

  const markRead = useCallback(
    async (ids: number[]) => {
      if (!ids.length) return;
      const { unreadCount } = await methods.markAnnouncementsRead(ids);
      const marked = new Set(ids);
      queryClient.setQueryData<AnnouncementFeedResponse>(
        FEED_KEY,
        (current) =>
          current && {
            unreadCount,
            records: current.records.map((record) => (marked.has(record.id) ? { ...record, read: true } : record)),
          },
      );
    },
    [methods, queryClient],
  );

  return { feed: data, isError, markRead };
}
