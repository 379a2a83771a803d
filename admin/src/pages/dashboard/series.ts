import { eachDayOfInterval, format, parseISO } from 'date-fns';
import type { TicketsPerPeriod } from './types';

export interface SeriesPoint {
  label: string;
  total: number;
}

const HOURS = Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`);

/** Whether the API answered per hour (a one-day range). */
export const isHourly = (from: string, to: string) => from === to;

/**
 * The chart's bars: every day of the range (dd/MM) or every hour of the day, with zero where the API, which only
 * lists buckets that had tickets, has no row.
 */
export function periodSeries(answer: TicketsPerPeriod, from: string, to: string): SeriesPoint[] {
  const totals = new Map<string, number>();
  for (const row of answer.data) totals.set('horario' in row ? row.horario : row.data, row.total);
  if (isHourly(from, to)) return HOURS.map((hour) => ({ label: hour, total: totals.get(hour) ?? 0 }));
  return eachDayOfInterval({ start: parseISO(from), end: parseISO(to) }).map((date) => ({
    label: format(date, 'dd/MM'),
    total: totals.get(format(date, 'yyyy-MM-dd')) ?? 0,
  }));
}
