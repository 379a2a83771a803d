import { describe, expect, it } from '@jest/globals';
import { lastInteraction, listTime } from './timeLabels';

const now = new Date(2026, 4, 10, 15, 0, 0);
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

describe('lastInteraction (core §4)', () => {
  it.each([
    [2, null],
    [3, { tone: 'green', unit: 'minutes', count: 3 }],
    [10, { tone: 'green', unit: 'minutes', count: 10 }],
    [11, null],
    [29, null],
    [30, { tone: 'orange', unit: 'minutes', count: 30 }],
    [59, { tone: 'orange', unit: 'minutes', count: 59 }],
    [60, null],
    [61, { tone: 'red', unit: 'hours', count: 1 }],
    [23 * 60 + 59, { tone: 'red', unit: 'hours', count: 23 }],
    [24 * 60, { tone: 'red', unit: 'days', count: 1 }],
    [3 * 24 * 60 + 5, { tone: 'red', unit: 'days', count: 3 }],
  ])('%i minutes → %j', (minutes, expected) => {
    expect(lastInteraction(minutesAgo(minutes), now)).toEqual(expected);
  });
});

describe('listTime', () => {
  it('shows HH:mm today and dd/MM/yyyy before', () => {
    expect(listTime(new Date(2026, 4, 10, 9, 5).toISOString(), now)).toBe('09:05');
    expect(listTime(new Date(2026, 4, 9, 23, 59).toISOString(), now)).toBe('09/05/2026');
    expect(listTime(null, now)).toBe('');
  });
});
