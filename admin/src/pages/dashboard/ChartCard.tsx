import { Card, CardContent, CardHeader } from '@mui/material';
import type { ReactNode } from 'react';

export const CHART_HEIGHT = 300;

/** A titled card around a chart; the chart takes the card's width and follows it. */
export function ChartCard({ title, name, children }: { title: string; name: string; children: ReactNode }) {
  return (
    <Card variant="outlined" data-chart={name} sx={{ minWidth: 0 }}>
      <CardHeader title={title} slotProps={{ title: { variant: 'h6', component: 'h2' } }} sx={{ pb: 0 }} />
      <CardContent sx={{ pt: 1, '&:last-child': { pb: 1 } }}>{children}</CardContent>
    </Card>
  );
}
