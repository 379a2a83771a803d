import { describe, expect, it } from '@jest/globals';
import { isReactionText, isSingleEmoji } from './emoji.js';

describe('reaction texts', () => {
  it('accepts one emoji as a person sees it, tones, sequences, flags and keycaps included', () => {
    for (const emoji of ['👍', '❤️', '😂', '👍🏽', '👨‍👩‍👧', '🇧🇷', '1️⃣', '🙏']) expect(isSingleEmoji(emoji)).toBe(true);
  });

  it('refuses text, several emoji and blanks; an empty text removes', () => {
    for (const text of ['a', 'ok', '👍👍', ' 👍', '👍 ', '', '1', ' ']) expect(isSingleEmoji(text)).toBe(false);
    expect(isReactionText('')).toBe(true);
    expect(isReactionText(' ')).toBe(false);
  });
});
