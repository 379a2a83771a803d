import { type ScheduleEntry, WEEKDAYS_EN } from '../../shared/schedules.js';

const minutes = (time: string): number | null => {
  const match = /^(\d{2}):(\d{2})$/.exec(time.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};

/** Weekday (monday..sunday) and minute of the day on the company's clock. */
const formats = new Map<string, Intl.DateTimeFormat>();

function localClock(now: Date, timeZone: string): { day: number; minute: number } {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formats.set(timeZone, format);
  }
  const parts = format.formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = WEEKDAYS_EN.indexOf(get('weekday').toLowerCase() as (typeof WEEKDAYS_EN)[number]);
  return { day, minute: Number(get('hour')) * 60 + Number(get('minute')) };
}

/**
 * Whether the week is open at `now` (server-behaviour §5.2): a day with empty or equal start and end is closed,
 * an end before the start runs overnight into the next day. An empty week means no business-hours rule.
 */
export function isWithinBusinessHours(week: ScheduleEntry[] | null | undefined, now: Date, timeZone = 'America/Sao_Paulo'): boolean {
  if (!week?.length) return true;
  const { day, minute } = localClock(now, timeZone);
  const window = (dayIndex: number) => {
    const entry = week.find((e) => e.weekdayEn === WEEKDAYS_EN[(dayIndex + 7) % 7]);
    const start = entry ? minutes(entry.startTime) : null;
    const end = entry ? minutes(entry.endTime) : null;
    return start === null || end === null || start === end ? null : { start, end };
  };
  const today = window(day);
  if (today && (today.end > today.start ? minute >= today.start && minute < today.end : minute >= today.start)) return true;
  const yesterday = window(day - 1);
  return Boolean(yesterday && yesterday.end < yesterday.start && minute < yesterday.end);
}
