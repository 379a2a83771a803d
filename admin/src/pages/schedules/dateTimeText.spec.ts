import { describe, expect, it } from '@jest/globals';
import { formatDateTimeText, isoToLocal, localToIso, maskDateTime, parseDateTimeText } from './dateTimeText';

describe('date-time text', () => {
  it('masks digits as dd/MM/yyyy HH:mm', () => {
    expect(maskDateTime('2')).toBe('2');
    expect(maskDateTime('261120')).toBe('26/11/20');
    expect(maskDateTime('261120261')).toBe('26/11/2026 1');
    expect(maskDateTime('26/11/2026 14:305')).toBe('26/11/2026 14:30');
  });

  it('keeps a complete, existing date-time as a local yyyy-MM-ddTHH:mm and anything else as typed', () => {
    expect(parseDateTimeText('261120261430')).toBe('2026-11-26T14:30');
    expect(parseDateTimeText('26/11/2026 14:30')).toBe('2026-11-26T14:30');
    expect(parseDateTimeText('31/02/2026 14:30')).toBe('31/02/2026 14:30');
    expect(parseDateTimeText('26/11/2026 24:00')).toBe('26/11/2026 24:00');
    expect(parseDateTimeText('26/11/2026 14')).toBe('26/11/2026 14');
  });

  it('shows the kept date-time in pt-BR', () => {
    expect(formatDateTimeText('2026-11-26T14:30')).toBe('26/11/2026 14:30');
    expect(formatDateTimeText('26/11')).toBe('26/11');
    expect(formatDateTimeText(undefined)).toBe('');
  });

  it('round-trips the API instant through the local form value', () => {
    const iso = new Date(2026, 10, 26, 14, 30).toISOString();
    expect(isoToLocal(iso)).toBe('2026-11-26T14:30');
    expect(localToIso('2026-11-26T14:30')).toBe(iso);
    expect(localToIso('26/11/2026 14')).toBeUndefined();
  });
});
