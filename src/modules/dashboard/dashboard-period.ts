import { appError, AppError, fieldError } from '../../common/errors/app-error.js';

/** Company calendar days, inclusive, as YYYY-MM-DD. */
export interface DayRange {
  from: string;
  to: string;
}

const MAX_DAYS = 366;
const DAY_MS = 86_400_000;

const isoDay = (date: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);

function invalid(field: string, message: string): AppError {
  return fieldError(field, message);
}

/** The last `days` days up to today on the company's clock, or the explicit range; 'Parametrize o filtro' without one. */
export function dayRange(query: { days?: number; date_from?: string; date_to?: string }, timeZone: string, now = new Date()): DayRange {
  if (query.days) {
    const today = isoDay(now, timeZone);
    const from = new Date(Date.parse(`${today}T00:00:00Z`) - (query.days - 1) * DAY_MS).toISOString().slice(0, 10);
    return { from, to: today };
  }
  if (!query.date_from || !query.date_to) throw appError('ERR_DASHBOARD_FILTER_REQUIRED', 'Parametrize o filtro');
  return checkedRange(query.date_from, query.date_to, 'date_to');
}

export function checkedRange(from: string, to: string, field: string): DayRange {
  const span = (Date.parse(to) - Date.parse(from)) / DAY_MS;
  if (span < 0) throw invalid(field, 'the end date comes before the start date');
  if (span >= MAX_DAYS) throw invalid(field, `at most ${MAX_DAYS} days`);
  return { from: from.slice(0, 10), to: to.slice(0, 10) };
}
