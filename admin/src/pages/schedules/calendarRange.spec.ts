import { describe, expect, it } from '@jest/globals';
import { calendarRange, inRange, scrollTime } from './calendarRange';

const day = (year: number, month: number, date: number, hours = 0, minutes = 0) => new Date(year, month - 1, date, hours, minutes);

describe('calendar range', () => {
  const thursday = day(2026, 11, 26, 15, 0);

  it('covers the whole weeks around a month', () => {
    const range = calendarRange('month', thursday);
    expect(range.from).toEqual(day(2026, 11, 1));
    expect(range.to.getTime()).toBe(day(2026, 12, 6).getTime() - 1);
  });

  it('starts the week on the locale’s first day', () => {
    expect(calendarRange('week', thursday).from).toEqual(day(2026, 11, 22));
    expect(calendarRange('week', thursday, 1).from).toEqual(day(2026, 11, 23));
  });

  it('covers one day, and 30 days from the agenda’s date', () => {
    const dayRange = calendarRange('day', thursday);
    expect(dayRange.from).toEqual(day(2026, 11, 26));
    expect(inRange(day(2026, 11, 26, 23, 59).toISOString(), dayRange)).toBe(true);
    expect(inRange(day(2026, 11, 27).toISOString(), dayRange)).toBe(false);
    const agenda = calendarRange('agenda', thursday);
    expect(inRange(day(2026, 12, 26, 12).toISOString(), agenda)).toBe(true);
    expect(inRange(day(2026, 12, 27, 12).toISOString(), agenda)).toBe(false);
  });

  it('opens the time grid an hour before now on today, else at 07:00', () => {
    const week = calendarRange('week', thursday);
    expect(scrollTime(week, thursday)).toEqual(day(2026, 11, 26, 14));
    expect(scrollTime(week, day(2026, 11, 26, 0, 30))).toEqual(day(2026, 11, 26));
    expect(scrollTime(week, day(2026, 12, 10, 15)).getHours()).toBe(7);
  });
});
