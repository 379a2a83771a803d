import { describe, expect, it } from '@jest/globals';
import { formatDayText, maskDay, parseDayText } from './dayText';

describe('day text', () => {
  it('masks digits as dd/MM/yyyy', () => {
    expect(maskDay('2')).toBe('2');
    expect(maskDay('261')).toBe('26/1');
    expect(maskDay('26/11/20269')).toBe('26/11/2026');
  });

  it('keeps a complete, existing day as yyyy-MM-dd and anything else as typed', () => {
    expect(parseDayText('26112026')).toBe('2026-11-26');
    expect(parseDayText('26/11/2026')).toBe('2026-11-26');
    expect(parseDayText('31/02/2026')).toBe('31/02/2026');
    expect(parseDayText('26/11/20')).toBe('26/11/20');
  });

  it('shows the kept day in pt-BR', () => {
    expect(formatDayText('2026-11-26')).toBe('26/11/2026');
    expect(formatDayText('26/11')).toBe('26/11');
    expect(formatDayText(null)).toBe('');
  });
});
