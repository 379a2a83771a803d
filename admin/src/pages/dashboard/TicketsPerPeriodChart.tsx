import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslate } from 'react-admin';
import { CHART_HEIGHT, ChartCard } from './ChartCard';
import { isHourly, periodSeries } from './series';
import type { TicketsPerPeriod } from './types';
import { useChartLocaleText } from './useChartLocaleText';

interface TicketsPerPeriodChartProps {
  answer: TicketsPerPeriod | undefined;
  /** The days the answer covers. */
  range: { from: string; to: string } | undefined;
}

/** Tickets that arrived per day of the range, or per hour when the range is one day; the total in the title. */
export function TicketsPerPeriodChart({ answer, range }: TicketsPerPeriodChartProps) {
  const translate = useTranslate();
  const theme = useTheme();
  const localeText = useChartLocaleText();
  // Without tickets the chart shows its no-data text rather than a row of empty bars.
  const points = answer?.count && range ? periodSeries(answer, range.from, range.to) : [];
  const title = translate(range && isHourly(range.from, range.to) ? 'dashboard.charts.perHour' : 'dashboard.charts.perDay', {
    count: answer?.count ?? 0,
  });
  return (
    <ChartCard name="ticketsDay" title={title}>
      <BarChart
        height={CHART_HEIGHT}
        loading={!answer}
        localeText={localeText}
        xAxis={[{ scaleType: 'band', data: points.map((point) => point.label) }]}
        yAxis={[{ tickMinStep: 1, width: 40 }]}
        series={[
          {
            data: points.map((point) => point.total),
            label: translate('dashboard.charts.tickets'),
            color: theme.palette.secondary.main,
          },
        ]}
        borderRadius={3}
        grid={{ horizontal: true }}
        hideLegend
      />
    </ChartCard>
  );
}
