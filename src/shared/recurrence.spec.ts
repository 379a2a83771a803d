import { describe, expect, it } from '@jest/globals';
import { addMonths, renewedDueDate } from './recurrence.js';

describe('recurrence', () => {
  it('adds months, keeping the day or clamping it to the month end', () => {
    expect(addMonths(new Date('2026-01-15T12:00:00Z'), 1).toISOString()).toBe('2026-02-15T12:00:00.000Z');
    expect(addMonths(new Date('2026-01-31T03:00:00Z'), 1).toISOString()).toBe('2026-02-28T03:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T03:00:00Z'), 1).toISOString()).toBe('2028-02-29T03:00:00.000Z');
    expect(addMonths(new Date('2026-11-30T00:00:00Z'), 3).toISOString()).toBe('2027-02-28T00:00:00.000Z');
    expect(addMonths(new Date('2026-05-10T00:00:00Z'), 12).toISOString()).toBe('2027-05-10T00:00:00.000Z');
  });

  it('renews from the due day while it is not behind today in the company zone, else from today', () => {
    const zone = 'America/Sao_Paulo';
    const now = new Date('2026-11-25T10:00:00Z');
    expect(renewedDueDate(new Date('2026-12-01T00:00:00Z'), 'MENSAL', zone, now).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(renewedDueDate(new Date('2026-10-01T00:00:00Z'), 'TRIMESTRAL', zone, now).toISOString()).toBe('2027-02-25T00:00:00.000Z');
    expect(renewedDueDate(null, 'ANUAL', zone, now).toISOString()).toBe('2027-11-25T00:00:00.000Z');
    expect(renewedDueDate(new Date('2026-12-01T00:00:00Z'), 'BIMESTRAL', zone, now).toISOString()).toBe('2027-02-01T00:00:00.000Z');
    expect(renewedDueDate(new Date('2026-12-01T00:00:00Z'), 'SEMESTRAL', zone, now).toISOString()).toBe('2027-06-01T00:00:00.000Z');
    // 01:30 UTC on the 26th is still the 25th in São Paulo: an expired company paying then renews from the 25th.
    expect(renewedDueDate(new Date('2026-11-20T00:00:00Z'), 'MENSAL', zone, new Date('2026-11-26T01:30:00Z')).toISOString()).toBe('2026-12-25T00:00:00.000Z');
  });
});
