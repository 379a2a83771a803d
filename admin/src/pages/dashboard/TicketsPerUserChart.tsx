import { useTheme } from '@mui/material/styles';
import { BarChart, barClasses } from '@mui/x-charts/BarChart';
import { useTranslate } from 'react-admin';
import { CHART_HEIGHT, ChartCard } from './ChartCard';
import type { TicketsPerUser } from './types';
import { useChartLocaleText } from './useChartLocaleText';

/** Tickets each attendant handled in the range, one bar per attendant. */
export function TicketsPerUserChart({ answer }: { answer: TicketsPerUser | undefined }) {
  const translate = useTranslate();
  const theme = useTheme();
  const localeText = useChartLocaleText();
  const rows = answer?.data ?? [];
  return (
    <ChartCard name="ticketsUsers" title={translate('dashboard.charts.perUser')}>
      <BarChart
        height={CHART_HEIGHT}
        loading={!answer}
        localeText={localeText}
        xAxis={[{ scaleType: 'band', data: rows.map((row) => row.nome) }]}
        yAxis={[{ tickMinStep: 1, width: 40 }]}
        series={[
          {
            data: rows.map((row) => row.quantidade),
            label: translate('dashboard.charts.tickets'),
            color: theme.palette.primary.main,
            barLabel: 'value',
          },
        ]}
        borderRadius={4}
        grid={{ horizontal: true }}
        hideLegend
        sx={{ [`& .${barClasses.label}`]: { fill: theme.palette.primary.contrastText, fontWeight: 600 } }}
      />
    </ChartCard>
  );
}
