import { describe, expect, it } from '@jest/globals';
import { changesBetween, MASKED, snapshot } from './audit-entry.js';

describe('audit diffs', () => {
  it('keeps only the fields that changed, with both values', () => {
    expect(changesBetween({ name: 'A', value: 10, flags: [1, 2] }, { name: 'A', value: 12.5, flags: [1, 2] })).toEqual({ value: { from: 10, to: 12.5 } });
    expect(changesBetween({ queueIds: [1] }, { queueIds: [1, 2] })).toEqual({ queueIds: { from: [1], to: [1, 2] } });
  });

  it('records a creation or removal without the fields it left empty', () => {
    expect(changesBetween({}, { name: 'A', phone: null, email: '', queueIds: [] })).toEqual({ name: { to: 'A' } });
    expect(changesBetween({ name: 'A', phone: null }, {})).toEqual({ name: { from: 'A' } });
  });

  it('masks secrets on both sides, and records that they changed', () => {
    expect(changesBetween({ token: 'old', name: 'x' }, { token: 'new', name: 'x' }, ['token'])).toEqual({ token: { from: MASKED, to: MASKED } });
    expect(changesBetween({ token: 'same' }, { token: 'same' }, ['token'])).toEqual({});
    expect(JSON.stringify(changesBetween({}, { token: 'sekrit' }, ['token']))).not.toContain('sekrit');
  });

  it('snapshots dates as ISO text and references as their ids', () => {
    const record = { due: new Date('2026-01-02T03:04:05.000Z'), plan: { id: 7, name: 'P' }, missing: undefined, schedules: [{ weekday: 'x' }] };
    expect(snapshot(record, ['due', 'plan', 'missing', 'schedules'])).toEqual({
      due: '2026-01-02T03:04:05.000Z',
      plan: 7,
      missing: null,
      schedules: [{ weekday: 'x' }],
    });
  });
});
