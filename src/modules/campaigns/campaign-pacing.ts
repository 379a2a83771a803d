import type { CampaignSettings } from '../../shared/campaigns.js';

/** Each wait moves by up to this fraction either way (server §6), so sends do not tick like a machine. */
export const JITTER = 0.2;

/**
 * The wait after the `walked`-th contact (1-based): messageInterval, or greaterInterval after every
 * longerIntervalAfter contacts, with ±20% jitter. `secondMs` is the length of a second (shorter in tests).
 */
export function nextWaitMs(
  walked: number,
  settings: Pick<CampaignSettings, 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval'>,
  secondMs: number,
  random: () => number = Math.random,
): number {
  const longer = settings.longerIntervalAfter > 0 && walked > 0 && walked % settings.longerIntervalAfter === 0;
  const base = (longer ? settings.greaterInterval : settings.messageInterval) * secondMs;
  return Math.max(0, Math.round(base * (1 + (random() * 2 - 1) * JITTER)));
}

/** The message variants in use: the non-empty ones of 1..5, by number. */
export function variantsOf(texts: readonly string[]): number[] {
  return texts.flatMap((text, index) => (text.trim() ? [index + 1] : []));
}

/** Variants rotate through the campaign's non-empty messages by the recipient's position (1-based). */
export function variantFor(position: number, variants: readonly number[]): number | null {
  if (!variants.length) return null;
  return variants[(position - 1) % variants.length] ?? null;
}
