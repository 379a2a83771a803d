import { addMinutes, endOfDay, min } from 'date-fns';
import { EVENT_MINUTES } from './scheduleRules';
import type { Schedule } from './types';

/** A schedule as a react-big-calendar event. */
export interface CalendarEvent {
  id: number;
  title: string;
  start: Date;
  end: Date;
  schedule: Schedule;
}

/**
 * Each schedule at its sendAt, in sendAt order so a day's cell reads from morning to night. A block never runs past
 * midnight: the calendar would otherwise list a late-evening schedule on the next day too.
 */
export function toCalendarEvents(schedules: Schedule[]): CalendarEvent[] {
  return schedules
    .map((schedule) => {
      const start = new Date(schedule.sendAt);
      return { id: schedule.id, title: schedule.contact?.name ?? '', start, end: min([addMinutes(start, EVENT_MINUTES), endOfDay(start)]), schedule };
    })
    .sort((a, b) => a.start.getTime() - b.start.getTime() || a.id - b.id);
}
