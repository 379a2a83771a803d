import { describe, expect, it } from '@jest/globals';
import { formatMinutes } from './formatMinutes';

describe('formatMinutes', () => {
  it('shows minutes as hours and minutes, two digits each', () => {
    expect(formatMinutes(0)).toBe('00h 00m');
    expect(formatMinutes(14.4)).toBe('00h 14m');
    expect(formatMinutes(14.5)).toBe('00h 15m');
    expect(formatMinutes(59.6)).toBe('01h 00m');
    expect(formatMinutes(125)).toBe('02h 05m');
  });

  it('keeps counting hours past a day', () => {
    expect(formatMinutes(26 * 60 + 3)).toBe('26h 03m');
  });

  it('shows a dash without a figure', () => {
    expect(formatMinutes(null)).toBe('-');
    expect(formatMinutes(undefined)).toBe('-');
  });
});
