import { fromWallTime, wallTime } from './zoned-time.js';

/**
 * A company's due date is a day ("Ativo até 20/11"), stored as a SQL `date`. In memory and in API answers it travels as
 * the instant of that day's UTC midnight (the shape the browser already reads with its UTC day), never as a time of
 * day. The company stays active through the whole due day in its own time zone and expires when that day ends there.
 */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

const DAY_MS = 86_400_000;
const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day ('YYYY-MM-DD') a value names: a bare day as given, an instant by its UTC day (how days travel). */
export function dueDayText(value: Date | string): string {
  if (typeof value === 'string' && DAY_ONLY.test(value)) return value;
  return new Date(value).toISOString().slice(0, 10);
}

/** A day as the Date of its UTC midnight (the in-memory and API form of a due date). */
export function dueDay(value: Date | string): Date {
  return new Date(`${dueDayText(value)}T00:00:00.000Z`);
}

/** The day it is at `now` in the zone, as its UTC midnight. */
export function todayIn(timeZone: string, now: Date = new Date()): Date {
  const w = wallTime(now, timeZone);
  return new Date(Date.UTC(w.year, w.month - 1, w.day));
}

/** The day `days` after today in the zone (a trial's end). */
export function dayFromToday(days: number, timeZone: string, now: Date = new Date()): Date {
  return new Date(todayIn(timeZone, now).getTime() + days * DAY_MS);
}

/** The instant the due day ends in the zone: the company's first expired moment. */
export function dueDayEnd(due: Date, timeZone: string): Date {
  const next = new Date(dueDay(due).getTime() + DAY_MS);
  return fromWallTime({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate(), hour: 0, minute: 0, second: 0 }, timeZone);
}

/** Whether a company with this due day is expired at `now` (no due date: never). */
export function isDueDayOver(due: Date | null, timeZone: string, now: Date = new Date()): boolean {
  return due !== null && now.getTime() >= dueDayEnd(due, timeZone).getTime();
}

/** Whole days from today (in the zone) to the due day: 0 on the day itself, negative once it passed. */
export function daysLeft(due: Date, timeZone: string, now: Date = new Date()): number {
  return Math.round((dueDay(due).getTime() - todayIn(timeZone, now).getTime()) / DAY_MS);
}

/** A due day as the API sends it. */
export function dueDayIso(due: Date | null): string | null {
  return due && dueDay(due).toISOString();
}

/** A due day as the Portuguese texts show it (dd/MM/yyyy). */
export function dueDayShown(due: Date): string {
  const [year, month, day] = dueDayText(due).split('-');
  return `${day}/${month}/${year}`;
}
