import { nextWaitMs, variantFor, variantsOf } from './campaign-pacing.js';

const settings = { messageInterval: 20, longerIntervalAfter: 3, greaterInterval: 60 };

describe('campaign pacing', () => {
  it('waits messageInterval between contacts and greaterInterval after every N, within ±20%', () => {
    expect(nextWaitMs(1, settings, 1000, () => 0.5)).toBe(20_000);
    expect(nextWaitMs(3, settings, 1000, () => 0.5)).toBe(60_000);
    expect(nextWaitMs(6, settings, 1000, () => 0.5)).toBe(60_000);
    expect(nextWaitMs(1, settings, 1000, () => 0)).toBe(16_000);
    expect(nextWaitMs(1, settings, 1000, () => 1)).toBe(24_000);
    expect(nextWaitMs(3, { ...settings, longerIntervalAfter: 0 }, 1000, () => 0.5)).toBe(20_000);
    expect(nextWaitMs(2, settings, 10, () => 0.5)).toBe(200);
  });

  it('rotates through the non-empty variants', () => {
    const variants = variantsOf(['a', '', 'c', ' ', 'e']);
    expect(variants).toEqual([1, 3, 5]);
    expect([1, 2, 3, 4].map((p) => variantFor(p, variants))).toEqual([1, 3, 5, 1]);
    expect(variantFor(1, [])).toBeNull();
  });
});
