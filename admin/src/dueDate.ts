import { differenceInCalendarDays, isValid, parseISO } from 'date-fns';

/**
 * Due dates are days. The API stores and sends each as an instant whose UTC calendar day is the day (the super user's
 * form writes UTC midnight; the server's expiry text reads the UTC day too). Reading that instant in the browser's
 * zone would show the day before west of Greenwich (20/11 set, 19/11 shown in São Paulo), so every screen takes the
 * UTC day from here and never builds a local Date from a due date.
 */
export function dueDay(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : undefined;
  return date && isValid(date) ? date.toISOString().slice(0, 10) : '';
}

/** A due date as dd/MM/yyyy, or an empty text when absent. */
export function formatDueDate(iso: string | null | undefined): string {
  const day = dueDay(iso);
  if (!day) return '';
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

/**
 * Today's calendar day in the company's zone, where its due day ends (the server's rule, src/shared/due-date.ts); the
 * browser's own day when the zone is not known or not valid.
 */
function todayIn(today: Date, timeZone: string | undefined): Date {
  if (!timeZone) return today;
  try {
    // en-CA writes the day as YYYY-MM-DD.
    return parseISO(new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(today));
  } catch {
    return today;
  }
}

/** Calendar days from today (in the company's zone, if given) to the due day: 0 on the day, negative once past. */
export function daysUntilDue(iso: string | null | undefined, today: Date = new Date(), timeZone?: string): number | undefined {
  const day = dueDay(iso);
  return day ? differenceInCalendarDays(parseISO(day), todayIn(today, timeZone)) : undefined;
}
