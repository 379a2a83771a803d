import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { PageHeader } from '../../components/PageHeader';
import { formatDate } from '../../formatDate';
import { useAccess } from '../../hooks/useAccess';
import { AttendantsTable } from './AttendantsTable';
import { CounterCards } from './CounterCards';
import { DashboardFilter } from './DashboardFilter';
import { defaultFilter, type FilterValues, rangeOf } from './dashboardFilter';
import { TicketsPerPeriodChart } from './TicketsPerPeriodChart';
import { TicketsPerUserChart } from './TicketsPerUserChart';
import { useDashboard } from './useDashboard';

/** /: the company's counters, attendants and ticket charts for the filtered days (admins; super users see more). */
export function DashboardPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const access = useAccess();
  const { data, loading, load } = useDashboard();
  const [defaults] = useState(() => defaultFilter(new Date()));

  const filter = useCallback(
    (values: FilterValues) => {
      const range = rangeOf(values, new Date());
      if (range) load(range);
      else notify('dashboard.filter.required', { type: 'error' });
    },
    [load, notify],
  );

  // The default filter (this month) is loaded once, when the page opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the default filter is applied once, when the page opens
  useEffect(() => filter(defaults), []);

  const range = data?.range;
  return (
    <Box sx={{ pb: 3 }}>
      <PageHeader title="dashboard.title">
        {range && (
          <Typography variant="body2" color="text.secondary" data-dashboard-range>
            {translate('dashboard.range', { from: formatDate(range.from), to: formatDate(range.to) })}
          </Typography>
        )}
      </PageHeader>
      <Stack spacing={2}>
        <DashboardFilter defaultValues={defaults} loading={loading} onFilter={filter} />
        {!data && !loading ? (
          <Card variant="outlined">
            <CardContent sx={{ py: 6, textAlign: 'center' }}>
              <Typography color="text.secondary">{translate('dashboard.empty')}</Typography>
            </CardContent>
          </Card>
        ) : (
          <>
            <CounterCards counters={data?.summary.counters} isSuper={access?.isSuper ?? false} />
            <AttendantsTable attendants={data?.summary.attendants} />
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}>
              <TicketsPerUserChart answer={data?.perUser} />
              <TicketsPerPeriodChart answer={data?.perPeriod} range={range} />
            </Box>
          </>
        )}
      </Stack>
    </Box>
  );
}
