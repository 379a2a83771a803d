import { describe, expect, it } from '@jest/globals';
import { dueDateTint, overdueDays } from './dueDateTint';

const today = new Date(2026, 5, 15, 18, 30);
const inDays = (days: number) => new Date(Date.UTC(2026, 5, 15 + days)).toISOString();

describe('company due-date tint', () => {
  it.each([
    [6, undefined],
    [5, 'yellow'],
    [4, 'orange'],
    [0, 'orange'],
    [-3, 'orange'],
    [-4, 'red'],
    [-5, undefined],
  ])('%i days from today → %s', (days, tint) => {
    expect(dueDateTint(inDays(days), today)).toBe(tint);
  });

  it('has no tint without a due date', () => {
    expect(dueDateTint(null, today)).toBeUndefined();
  });

  it('counts the days of a company overdue beyond the red band', () => {
    expect(overdueDays(inDays(-4), today)).toBeUndefined();
    expect(overdueDays(inDays(-5), today)).toBe(5);
    expect(overdueDays(inDays(-40), today)).toBe(40);
    expect(overdueDays(inDays(3), today)).toBeUndefined();
    expect(overdueDays(null, today)).toBeUndefined();
  });
});
