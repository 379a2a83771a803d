import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { CampaignReportResponse } from '../../../../src/shared/campaign-api-types';
import { useAppDataProvider } from '../../providers/dataProvider';
import { useCompanyEvent } from '../../realtime/useRealtimeEvent';

/** campaigns §4: the report reloads 5 seconds after a live update that carries status FINALIZADA. */
export const FINISHED_RELOAD_MS = 5000;
/** Sends come one after another: the loaded rows refresh at most this often. */
const ROWS_REFRESH_MS = 1000;

type Pages = InfiniteData<CampaignReportResponse, number | undefined>;

/**
 * A campaign's report: the campaign and its counts with the shipping records paged by position (keyset `after`),
 * live through `company-{id}-campaign`. Progress patches the counts and status at once and refreshes the loaded rows
 * (throttled); a FINALIZADA update reloads the whole report 5 s later.
 */
export function useCampaignReport(campaignId: number) {
  const methods = useAppDataProvider();
  const queryClient = useQueryClient();
  const queryKey = ['campaign-report', campaignId];
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => methods.getCampaignReport(campaignId, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.shippings.at(-1)?.position : undefined),
    enabled: Number.isInteger(campaignId),
    retry: false,
  });

  const rowsTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const finishTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      for (const timer of [rowsTimer, finishTimer]) if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const { refetch } = query;
  const refreshRows = useCallback(() => {
    if (rowsTimer.current) return;
    rowsTimer.current = setTimeout(() => {
      rowsTimer.current = null;
      // Lets a refresh under way finish rather than restart it at every send.
      void refetch({ cancelRefetch: false });
    }, ROWS_REFRESH_MS);
  }, [refetch]);

  useCompanyEvent('campaign', (payload) => {
    if (payload.action === 'delete' || (payload.action !== 'progress' && payload.record.id !== campaignId)) return;
    if (payload.action === 'progress' && payload.id !== campaignId) return;
    const status = payload.action === 'progress' ? payload.status : payload.record.status;
    queryClient.setQueryData<Pages>(queryKey, (data) => {
      if (!data?.pages[0]) return data;
      const [first, ...rest] = data.pages;
      const campaign = payload.action === 'progress' ? { ...first.campaign, status } : payload.record;
      const counts = payload.action === 'progress' ? payload.counts : first.counts;
      return { ...data, pages: [{ ...first, campaign, counts }, ...rest] };
    });
    refreshRows();
    if (status === 'FINALIZADA' && !finishTimer.current) {
      finishTimer.current = setTimeout(() => {
        finishTimer.current = null;
        void queryClient.resetQueries({ queryKey });
      }, FINISHED_RELOAD_MS);
    }
  });

  const first = query.data?.pages[0];
  return {
    campaign: first?.campaign,
    counts: first?.counts,
    shippings: query.data?.pages.flatMap((page) => page.shippings) ?? [],
    hasMore: Boolean(query.hasNextPage),
    loadMore: query.fetchNextPage,
    loadingMore: query.isFetchingNextPage,
    /** After a command (send now, stop, restart): the page as the server now has it. */
    reload: () => queryClient.resetQueries({ queryKey }),
    isPending: query.isPending,
    error: query.error,
  };
}
