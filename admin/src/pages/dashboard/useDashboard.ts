import { useCallback, useRef, useState } from 'react';
import { useNotifyError } from '../../hooks/useNotifyError';
import { useAppDataProvider } from '../../providers/dataProvider';
import type { DashboardRange } from './dashboardFilter';
import type { DashboardSummary, TicketsPerPeriod, TicketsPerUser } from './types';

/** What the page shows for one range. */
export interface DashboardData {
  range: DashboardRange;
  summary: DashboardSummary;
  perUser: TicketsPerUser;
  perPeriod: TicketsPerPeriod;
}

export interface DashboardState {
  data: DashboardData | undefined;
  loading: boolean;
  load(range: DashboardRange): void;
}

/**
 * Loads the counters, the attendants and both chart series of a range together; a failure is a toast and keeps
 * what was shown. Only the latest request's answer is kept.
 */
export function useDashboard(): DashboardState {
  const dataProvider = useAppDataProvider();
  const notifyError = useNotifyError();
  const [data, setData] = useState<DashboardData>();
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);

  const load = useCallback(
    (range: DashboardRange) => {
      const request = ++latest.current;
      const series = { initialDate: range.from, finalDate: range.to };
      setLoading(true);
      Promise.all([dataProvider.getDashboardSummary(range.summary), dataProvider.getTicketsPerUser(series), dataProvider.getTicketsPerPeriod(series)])
        .then(([summary, perUser, perPeriod]) => {
          if (request === latest.current) setData({ range, summary, perUser, perPeriod });
        })
        .catch((error) => {
          if (request === latest.current) notifyError(error);
        })
        .finally(() => {
          if (request === latest.current) setLoading(false);
        });
    },
    [dataProvider, notifyError],
  );

  return { data, loading, load };
}
