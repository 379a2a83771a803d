import { describe, expect, it } from '@jest/globals';
import { dayFromToday, daysLeft, dueDay, dueDayEnd, dueDayIso, dueDayShown, isDueDayOver, todayIn } from './due-date.js';

const SP = 'America/Sao_Paulo';
const due = dueDay('2026-11-20');

describe('due dates are days', () => {
  it('reads a bare day as given and an instant by its UTC day', () => {
    expect(dueDayIso(dueDay('2026-11-20'))).toBe('2026-11-20T00:00:00.000Z');
    expect(dueDayIso(dueDay('2026-11-20T00:00:00.000Z'))).toBe('2026-11-20T00:00:00.000Z');
    expect(dueDayIso(dueDay(new Date('2026-11-20T18:45:00Z')))).toBe('2026-11-20T00:00:00.000Z');
    expect(dueDayShown(due)).toBe('20/11/2026');
    expect(dueDayIso(null)).toBeNull();
  });

  it('keeps a company active through its whole due day in its zone', () => {
    expect(dueDayEnd(due, SP).toISOString()).toBe('2026-11-21T03:00:00.000Z');
    // 21:30 on the 19th in São Paulo (UTC already the 20th) and 23:30 on the 20th: still active.
    expect(isDueDayOver(due, SP, new Date('2026-11-20T00:30:00Z'))).toBe(false);
    expect(isDueDayOver(due, SP, new Date('2026-11-21T02:30:00Z'))).toBe(false);
    expect(isDueDayOver(due, SP, new Date('2026-11-21T02:59:59.999Z'))).toBe(false);
    expect(isDueDayOver(due, SP, new Date('2026-11-21T03:00:00Z'))).toBe(true);
    expect(isDueDayOver(null, SP, new Date('2099-01-01T00:00:00Z'))).toBe(false);
    // Another zone ends the same day at its own midnight.
    expect(dueDayEnd(due, 'Asia/Tokyo').toISOString()).toBe('2026-11-20T15:00:00.000Z');
  });

  it('counts days left from the zone day', () => {
    expect(daysLeft(due, SP, new Date('2026-11-21T02:30:00Z'))).toBe(0);
    expect(daysLeft(due, SP, new Date('2026-11-21T03:30:00Z'))).toBe(-1);
    expect(daysLeft(due, SP, new Date('2026-11-15T12:00:00Z'))).toBe(5);
    expect(todayIn(SP, new Date('2026-11-21T02:30:00Z')).toISOString()).toBe('2026-11-20T00:00:00.000Z');
    expect(dayFromToday(3, SP, new Date('2026-11-21T02:30:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });
});
