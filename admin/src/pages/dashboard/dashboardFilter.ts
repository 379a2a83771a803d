import { format, startOfMonth, subDays } from 'date-fns';
import { isoDay } from '../../components/dayText';

/** The period select's choices in days (administration §9), after 'none' (0). */
export const PERIOD_DAYS = [3, 7, 15, 30, 60, 90] as const;

export type FilterType = 'date' | 'period';

/** The filter form's values; the days are yyyy-MM-dd once complete (DayInput), else the text being typed. */
export interface FilterValues {
  filterType: FilterType;
  /** Days, 0 for none. */
  period: number;
  dateFrom: string;
  dateTo: string;
}

/** What one Filtrar loads: the summary's query and the charts' inclusive day range. */
export interface DashboardRange {
  summary: { days: number } | { date_from: string; date_to: string };
  from: string;
  to: string;
}

const day = (date: Date) => format(date, 'yyyy-MM-dd');

/** By date, from the first of the month to today; the period select starts at none. */
export function defaultFilter(today: Date): FilterValues {
  return { filterType: 'date', period: 0, dateFrom: day(startOfMonth(today)), dateTo: day(today) };
}

/**
 * The range the values ask for, or undefined when the filter is not set ('Parametrize o filtro').
 * A period of N days ends today and includes it, as the API's `days` does.
 */
export function rangeOf(values: FilterValues, today: Date): DashboardRange | undefined {
  if (values.filterType === 'period') {
    const days = Number(values.period);
    if (!days) return undefined;
    return { summary: { days }, from: day(subDays(today, days - 1)), to: day(today) };
  }
  const from = isoDay(values.dateFrom);
  const to = isoDay(values.dateTo);
  if (!from || !to) return undefined;
  return { summary: { date_from: from, date_to: to }, from, to };
}

/** Field errors (catalog keys) of the date filter: a day typed only in part, or an end before the start. */
export function filterErrors(values: FilterValues): Partial<Record<keyof FilterValues, string>> {
  if (values.filterType !== 'date') return {};
  const errors: Partial<Record<keyof FilterValues, string>> = {};
  if (values.dateFrom && !isoDay(values.dateFrom)) errors.dateFrom = 'dashboard.filter.invalidDate';
  if (values.dateTo && !isoDay(values.dateTo)) errors.dateTo = 'dashboard.filter.invalidDate';
  const from = isoDay(values.dateFrom);
  const to = isoDay(values.dateTo);
  if (from && to && to < from) errors.dateTo = 'dashboard.filter.dateOrder';
  return errors;
}
