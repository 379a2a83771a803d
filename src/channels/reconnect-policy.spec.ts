import { describe, expect, it } from '@jest/globals';
import { reconnectDelayMs } from './reconnect-policy.js';

describe('reconnect policy', () => {
  it('doubles the wait per attempt', () => {
    const mid = () => 0.5;
    expect([0, 1, 2, 3].map((a) => reconnectDelayMs(a, mid))).toEqual([1000, 2000, 4000, 8000]);
  });

  it('caps the wait at one minute', () => {
    expect(reconnectDelayMs(30, () => 0.5)).toBe(60_000);
  });

  it('adds jitter within half to one and a half of the base', () => {
    expect(reconnectDelayMs(2, () => 0)).toBe(2000);
    expect(reconnectDelayMs(2, () => 0.999999)).toBe(6000);
  });
});
