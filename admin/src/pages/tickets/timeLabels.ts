import { differenceInMinutes, format, isSameDay, isValid, parseISO } from 'date-fns';

const parse = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const date = parseISO(iso);
  return isValid(date) ? date : null;
};

/** HH:mm when today, else dd/MM/yyyy (ticket list). */
export function listTime(iso: string | null | undefined, now: Date = new Date()): string {
  const date = parse(iso);
  if (!date) return '';
  return isSameDay(date, now) ? format(date, 'HH:mm') : format(date, 'dd/MM/yyyy');
}

export const clockTime = (iso: string | null | undefined): string => {
  const date = parse(iso);
  return date ? format(date, 'HH:mm') : '';
};

export const dayLabel = (iso: string | null | undefined): string => {
  const date = parse(iso);
  return date ? format(date, 'dd/MM/yyyy') : '';
};

export const dateTime = (iso: string | null | undefined): string => {
  const date = parse(iso);
  return date ? format(date, 'dd/MM/yyyy HH:mm') : '';
};

export const dayKey = (iso: string): string => {
  const date = parse(iso);
  return date ? format(date, 'yyyy-MM-dd') : '';
};

export type InteractionTone = 'green' | 'orange' | 'red';

export interface LastInteraction {
  tone: InteractionTone;
  unit: 'minutes' | 'hours' | 'days';
  count: number;
}

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

/**
 * Core §4: 3–10 min green; 30–<60 min orange; >60 min and <24 h red in hours; ≥24 h red in days; else nothing.
 */
export function lastInteraction(iso: string | null | undefined, now: Date = new Date()): LastInteraction | null {
  const date = parse(iso);
  if (!date) return null;
  const minutes = differenceInMinutes(now, date);
  if (minutes >= 3 && minutes <= 10) return { tone: 'green', unit: 'minutes', count: minutes };
  if (minutes >= 30 && minutes < 60) return { tone: 'orange', unit: 'minutes', count: minutes };
  if (minutes > 60 && minutes < MINUTES_PER_DAY) return { tone: 'red', unit: 'hours', count: Math.floor(minutes / MINUTES_PER_HOUR) };
  if (minutes >= MINUTES_PER_DAY) return { tone: 'red', unit: 'days', count: Math.floor(minutes / MINUTES_PER_DAY) };
  return null;
}
