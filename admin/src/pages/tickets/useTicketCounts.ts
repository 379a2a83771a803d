import { useAppDataProvider } from '../../providers/dataProvider';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useCompanyTopic } from '../../realtime/useCompanyTopic';
import { COUNTS_REFRESH_MS } from './constants';
import type { TicketCounts } from './types';

/** The sub-tab badges (GET /tickets/counts), refreshed shortly after ticket events. */
export function useTicketCounts(showAll: boolean): TicketCounts | null {
  const dataProvider = useAppDataProvider();
  const [counts, setCounts] = useState<TicketCounts | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const load = useCallback(() => {
    dataProvider
      .getTicketCounts({ showAll })
      .then((answer) => setCounts({ open: Number(answer.open) || 0, pending: Number(answer.pending) || 0 }))
      .catch(() => setCounts(null));
  }, [showAll, dataProvider.getTicketCounts]);

  useEffect(() => {
    load();
    return () => clearTimeout(timer.current);
  }, [load]);

  const later = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(load, COUNTS_REFRESH_MS);
  };
  useCompanyTopic<{ action: string }>('ticket', later);

  return counts;
}
