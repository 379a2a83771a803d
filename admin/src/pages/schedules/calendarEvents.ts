import { addMinutes } from 'date-fns';
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

/** Each schedule at its sendAt, in sendAt order so a day's cell reads from morning to night. */
export function toCalendarEvents(schedules: Schedule[]): CalendarEvent[] {
  return schedules
    .map(schedule => {
      const start = new Date(schedule.sendAt);
      return { id: schedule.id, title: schedule.contact?.name ?? '', start, end: addMinutes(start, EVENT_MINUTES), schedule };
    })
    .sort((a, b) => a.start.getTime() - b.start.getTime() || a.id - b.id);
}
