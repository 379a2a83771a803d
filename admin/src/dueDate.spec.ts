import { describe, expect, it } from '@jest/globals';
import { daysUntilDue, dueDay, formatDueDate } from './dueDate';

describe('due dates', () => {
  it('shows the day that was set, whatever the browser zone', () => {
    expect(dueDay('2026-11-20T00:00:00.000Z')).toBe('2026-11-20');
    expect(formatDueDate('2026-11-20T00:00:00.000Z')).toBe('20/11/2026');
    expect(formatDueDate(null)).toBe('');
    expect(formatDueDate('not a date')).toBe('');
  });

  it('counts calendar days from today to the due day', () => {
    const today = new Date(2026, 10, 19, 22, 30);
    expect(daysUntilDue('2026-11-20T00:00:00.000Z', today)).toBe(1);
    expect(daysUntilDue('2026-11-15T00:00:00.000Z', today)).toBe(-4);
    expect(daysUntilDue(undefined, today)).toBeUndefined();
  });

  it('counts from today in the company zone when it is given', () => {
    // 02:30 UTC on the 21st is still the 20th in São Paulo (the due day) and already the 21st in Lisbon.
    const at = new Date('2026-11-21T02:30:00Z');
    expect(daysUntilDue('2026-11-20T00:00:00.000Z', at, 'America/Sao_Paulo')).toBe(0);
    expect(daysUntilDue('2026-11-20T00:00:00.000Z', at, 'Europe/Lisbon')).toBe(-1);
    expect(daysUntilDue('2026-11-25T00:00:00.000Z', at, 'America/Sao_Paulo')).toBe(5);
  });
});
