import { describe, expect, it } from '@jest/globals';
import { formatRating, ratingStep } from './rating';

describe('rating', () => {
  it('means the nearest step of the 1–3 scale', () => {
    expect(ratingStep(1)).toBe(1);
    expect(ratingStep(1.49)).toBe(1);
    expect(ratingStep(2.67)).toBe(3);
    expect(ratingStep(0.2)).toBe(1);
    expect(ratingStep(3.4)).toBe(3);
  });

  it('shows one decimal in the user language', () => {
    expect(formatRating(2.67, 'pt')).toBe('2,7');
    expect(formatRating(2.67, 'en')).toBe('2.7');
    expect(formatRating(2, 'es')).toBe('2');
  });
});
