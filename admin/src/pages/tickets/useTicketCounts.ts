import { useCallback, useEffect, useRef, useState } from 'react';
import { useCompanyTopic } from '../../realtime/useCompanyTopic';
import { COUNTS_REFRESH_MS } from './constants';
import { ticketApi } from './ticketApi';
import type { TicketCounts } from './types';

/** The sub-tab badges (GET /tickets/counts), refreshed shortly after ticket events. */
export function useTicketCounts(showAll: boolean): TicketCounts | null {
  const [counts, setCounts] = useState<TicketCounts | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const load = useCallback(() => {
    ticketApi
      .counts({ showAll })
      .then((answer) => setCounts({ open: Number(answer.open) || 0, pending: Number(answer.pending) || 0 }))
      .catch(() => setCounts(null));
  }, [showAll]);

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
