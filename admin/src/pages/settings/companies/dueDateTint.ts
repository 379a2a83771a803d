import { daysUntilDue } from '../../../dueDate';

export type DueDateTint = 'yellow' | 'orange' | 'red';

/** The original's colours, for the light theme; the dark theme uses them translucent. */
export const TINT_COLORS: Record<DueDateTint, string> = { yellow: '#fffead', orange: '#f7cc8f', red: '#fa8c8c' };

/** The spec's last band: from one day further past, a company is overdue (no tint, but it must stand out). */
const RED_DAYS = -4;

/**
 * The row tint of a company by days from today to its due date (administration §4): exactly 5 yellow,
 * -3 to 4 orange, exactly -4 red, anything else none. Today is the company's, in its zone.
 */
export function dueDateTint(dueDate: string | null | undefined, today: Date = new Date(), timeZone?: string): DueDateTint | undefined {
  const days = daysUntilDue(dueDate, today, timeZone);
  if (days === undefined) return undefined;
  if (days === 5) return 'yellow';
  if (days >= -3 && days <= 4) return 'orange';
  if (days === RED_DAYS) return 'red';
  return undefined;
}

/** Days past the due date of a company beyond the red band (5 or more), else undefined. */
export function overdueDays(dueDate: string | null | undefined, today: Date = new Date(), timeZone?: string): number | undefined {
  const days = daysUntilDue(dueDate, today, timeZone);
  return days !== undefined && days < RED_DAYS ? -days : undefined;
}
