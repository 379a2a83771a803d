// What WhatsApp accepts as a reaction: one emoji as a person sees it (a grapheme: skin tones, ZWJ sequences and
// flags included), or nothing at all to take a reaction back. Pure, shared by the API and the fake Graph API.

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** A pictograph, a keycap or a regional-indicator flag: text characters alone are not emoji. */
const EMOJI = /^(?:\p{Extended_Pictographic}|\p{Regional_Indicator}{2}|[0-9#*]\uFE0F?\u20E3)/u;

/** Longest reaction text accepted (a family ZWJ sequence is about a dozen UTF-16 units). */
export const MAX_REACTION_LENGTH = 32;

export function isSingleEmoji(text: string): boolean {
  if (!text || text.length > MAX_REACTION_LENGTH) return false;
  const graphemes = [...segmenter.segment(text)];
  return graphemes.length === 1 && EMOJI.test(text);
}

/** A reaction's text: one emoji, or '' to remove it. */
export const isReactionText = (text: string): boolean => text === '' || isSingleEmoji(text);
