import { addDays, endOfDay, endOfMonth, endOfWeek, max, setHours, startOfDay, startOfHour, startOfMonth, startOfWeek, subHours } from 'date-fns';
import type { CalendarRange } from './types';

export const CALENDAR_VIEWS = ['month', 'week', 'day', 'agenda'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** The agenda lists this many days from its date (react-big-calendar's default length). */
export const AGENDA_DAYS = 30;

type WeekStart = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** What the calendar shows for `date` in `view`: whole weeks around a month, the week, the day, 30 days. */
export function calendarRange(view: CalendarView, date: Date, weekStartsOn: WeekStart = 0): CalendarRange {
  switch (view) {
    case 'month':
      return {
        from: startOfWeek(startOfMonth(date), { weekStartsOn }),
        to: endOfWeek(endOfMonth(date), { weekStartsOn }),
      };
    case 'week':
      return { from: startOfWeek(date, { weekStartsOn }), to: endOfWeek(date, { weekStartsOn }) };
    case 'day':
      return { from: startOfDay(date), to: endOfDay(date) };
    case 'agenda':
      return { from: startOfDay(date), to: endOfDay(addDays(date, AGENDA_DAYS)) };
  }
}

/** Whether an ISO instant falls in the range (both ends included). */
export function inRange(iso: string, range: CalendarRange): boolean {
  const time = new Date(iso).getTime();
  return time >= range.from.getTime() && time <= range.to.getTime();
}

/** Where the week and day views open: an hour before now when today is shown, else the working morning. */
export function scrollTime(range: CalendarRange, now = new Date()): Date {
  if (now < range.from || now > range.to) return setHours(startOfDay(now), 7);
  return max([startOfHour(subHours(now, 1)), startOfDay(now)]);
}
