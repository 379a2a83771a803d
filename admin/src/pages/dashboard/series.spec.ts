import { describe, expect, it } from '@jest/globals';
import { periodSeries } from './series';

describe('periodSeries', () => {
  it('lists every day of the range, zero where nothing arrived', () => {
    const answer = {
      data: [
        { data: '2026-10-31', total: 4 },
        { data: '2026-11-02', total: 1 },
      ],
      count: 5,
    };
    expect(periodSeries(answer, '2026-10-30', '2026-11-02')).toEqual([
      { label: '30/10', total: 0 },
      { label: '31/10', total: 4 },
      { label: '01/11', total: 0 },
      { label: '02/11', total: 1 },
    ]);
  });

  it('lists the 24 hours of a one-day range', () => {
    const series = periodSeries({ data: [{ horario: '09:00', total: 3 }], count: 3 }, '2026-11-21', '2026-11-21');
    expect(series).toHaveLength(24);
    expect(series[0]).toEqual({ label: '00:00', total: 0 });
    expect(series[9]).toEqual({ label: '09:00', total: 3 });
  });
});
