import { describe, expect, it } from '@jest/globals';
import { defaultSchedules, type ScheduleEntry } from '../../shared/schedules.js';
import { isWithinBusinessHours } from './business-hours.js';

// 2026-03-09 is a Monday. São Paulo is UTC-3.
const at = (isoLocal: string) => new Date(`${isoLocal}-03:00`);

describe('business hours', () => {
  const week = defaultSchedules();

  it('opens weekdays 08:00-18:00 and saturday morning, and keeps sunday 00:00-00:00 closed', () => {
    expect(isWithinBusinessHours(week, at('2026-03-09T07:59:00'))).toBe(false);
    expect(isWithinBusinessHours(week, at('2026-03-09T08:00:00'))).toBe(true);
    expect(isWithinBusinessHours(week, at('2026-03-09T17:59:00'))).toBe(true);
    expect(isWithinBusinessHours(week, at('2026-03-09T18:00:00'))).toBe(false);
    expect(isWithinBusinessHours(week, at('2026-03-14T11:00:00'))).toBe(true);
    expect(isWithinBusinessHours(week, at('2026-03-14T12:30:00'))).toBe(false);
    expect(isWithinBusinessHours(week, at('2026-03-15T10:00:00'))).toBe(false);
  });

  it('runs an overnight window into the next day', () => {
    const night: ScheduleEntry[] = week.map((e) => (e.weekdayEn === 'friday' ? { ...e, startTime: '22:00', endTime: '06:00' } : e));
    expect(isWithinBusinessHours(night, at('2026-03-13T23:30:00'))).toBe(true);
    expect(isWithinBusinessHours(night, at('2026-03-14T05:30:00'))).toBe(true);
    expect(isWithinBusinessHours(night, at('2026-03-14T06:30:00'))).toBe(false);
    expect(isWithinBusinessHours(night, at('2026-03-13T21:00:00'))).toBe(false);
  });

  it('reads the clock of the company time zone and treats an empty week as always open', () => {
    expect(isWithinBusinessHours(week, new Date('2026-03-09T10:30:00Z'), 'Europe/Lisbon')).toBe(true);
    expect(isWithinBusinessHours(week, new Date('2026-03-09T10:30:00Z'), 'America/Sao_Paulo')).toBe(false);
    expect(isWithinBusinessHours(week, new Date('2026-03-09T11:30:00Z'), 'America/Sao_Paulo')).toBe(true);
    expect(isWithinBusinessHours([], new Date())).toBe(true);
  });
});
