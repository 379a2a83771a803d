import { type ScheduleEntry, WEEKDAY_PT, WEEKDAYS_EN } from '../../shared/schedules.js';
import type { ScheduleEntryDto } from './dto/week-schedule.dto.js';

/** Stores a validated week monday→sunday with the Portuguese day names, whatever the client sent for those. */
export function toWeekSchedule(entries: ScheduleEntryDto[]): ScheduleEntry[] {
  const byDay = new Map(entries.map((entry) => [entry.weekdayEn, entry]));
  return WEEKDAYS_EN.flatMap((weekdayEn) => {
    const entry = byDay.get(weekdayEn);
    return entry ? [{ weekday: WEEKDAY_PT[weekdayEn], weekdayEn, startTime: entry.startTime, endTime: entry.endTime }] : [];
  });
}
