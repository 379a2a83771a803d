import { differenceInCalendarDays, parseISO } from 'date-fns';
import { dueDay } from './companyForm';

export type DueDateTint = 'yellow' | 'orange' | 'red';

/** The original's colours, for the light theme; the dark theme uses them translucent. */
export const TINT_COLORS: Record<DueDateTint, string> = { yellow: '#fffead', orange: '#f7cc8f', red: '#fa8c8c' };

/**
 * The row tint of a company by days from today to its due date (administration §4): exactly 5 yellow,
 * -3 to 4 orange, exactly -4 red, anything else none.
 */
export function dueDateTint(dueDate: string | null | undefined, today: Date = new Date()): DueDateTint | undefined {
  const day = dueDay(dueDate);
  if (!day) return undefined;
  const days = differenceInCalendarDays(parseISO(day), today);
  if (days === 5) return 'yellow';
  if (days >= -3 && days <= 4) return 'orange';
  if (days === -4) return 'red';
  return undefined;
}
