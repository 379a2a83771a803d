import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ReconnectTimers } from './reconnect-timers.js';

describe('ReconnectTimers', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('backs off further on each attempt until the session connects, then starts over', () => {
    const timers = new ReconnectTimers();
    const delays = [0, 1, 2, 3].map(() => timers.schedule(7, () => undefined));
    // ±50 % jitter around 1, 2, 4 and 8 s.
    expect(delays.map((d, i) => d >= 500 * 2 ** i && d <= 1500 * 2 ** i)).toEqual([true, true, true, true]);
    timers.connected(7);
    const again = timers.schedule(7, () => undefined);
    expect(again).toBeLessThanOrEqual(1500);
    timers.clear();
  });

  it('keeps one pending reconnect per connection and runs it once', () => {
    const timers = new ReconnectTimers();
    const runs: string[] = [];
    timers.schedule(1, () => runs.push('first'));
    timers.schedule(1, () => runs.push('second'));
    timers.schedule(2, () => runs.push('other'));
    expect(timers.pending(1)).toBe(true);
    jest.advanceTimersByTime(60_000);
    expect(runs.sort()).toEqual(['other', 'second']);
    expect(timers.pending(1)).toBe(false);
  });

  it('runs nothing once cancelled or cleared', () => {
    const timers = new ReconnectTimers();
    const runs: number[] = [];
    timers.schedule(1, () => runs.push(1));
    timers.schedule(2, () => runs.push(2));
    timers.cancel(1);
    expect(timers.pending(1)).toBe(false);
    timers.clear();
    jest.advanceTimersByTime(120_000);
    expect(runs).toEqual([]);
    expect(timers.pending(2)).toBe(false);
  });
});
