import { describe, expect, it } from '@jest/globals';
import { defaultFilter, filterErrors, type FilterValues, rangeOf } from './dashboardFilter';

const today = new Date(2026, 10, 21, 15, 30);
const values = (changes: Partial<FilterValues>): FilterValues => ({ ...defaultFilter(today), ...changes });

describe('dashboard filter', () => {
  it('starts by date, from the first of the month to today, with no period', () => {
    expect(defaultFilter(today)).toEqual({ filterType: 'date', period: 0, dateFrom: '2026-11-01', dateTo: '2026-11-21' });
  });

  it('asks the API for the last N days and gives the charts the same days, today included', () => {
    expect(rangeOf(values({ filterType: 'period', period: 7 }), today)).toEqual({
      summary: { days: 7 },
      from: '2026-11-15',
      to: '2026-11-21',
    });
  });

  it('asks for the typed days', () => {
    expect(rangeOf(values({ dateFrom: '2026-10-30', dateTo: '2026-11-02' }), today)).toEqual({
      summary: { date_from: '2026-10-30', date_to: '2026-11-02' },
      from: '2026-10-30',
      to: '2026-11-02',
    });
  });

  it('is not set without a period or without both days', () => {
    expect(rangeOf(values({ filterType: 'period', period: 0 }), today)).toBeUndefined();
    expect(rangeOf(values({ dateFrom: '' }), today)).toBeUndefined();
    expect(rangeOf(values({ dateTo: '21/11' }), today)).toBeUndefined();
  });

  it('only looks at the inputs of the chosen filter type', () => {
    expect(rangeOf(values({ filterType: 'period', period: 3, dateFrom: '' }), today)?.summary).toEqual({ days: 3 });
    expect(filterErrors(values({ filterType: 'period', dateTo: '21/1' }))).toEqual({});
  });

  it('refuses a day typed in part and an end before the start', () => {
    expect(filterErrors(values({ dateFrom: '01/1' }))).toEqual({ dateFrom: 'dashboard.filter.invalidDate' });
    expect(filterErrors(values({ dateFrom: '2026-11-10', dateTo: '2026-11-09' }))).toEqual({ dateTo: 'dashboard.filter.dateOrder' });
    expect(filterErrors(values({ dateFrom: '', dateTo: '' }))).toEqual({});
  });
});
