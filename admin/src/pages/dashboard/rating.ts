/** The customers' rating scale (administration §9): 1 unsatisfied, 2 satisfied, 3 very satisfied. */
export const RATING_MAX = 3;

/** The scale's step nearest to an average, whose meaning the table shows. */
export const ratingStep = (rating: number): 1 | 2 | 3 => Math.min(RATING_MAX, Math.max(1, Math.round(rating))) as 1 | 2 | 3;

const NUMBER_LOCALES: Record<string, string> = { pt: 'pt-BR', en: 'en-US', es: 'es-ES' };

/** An average with at most one decimal in the user's language ('2,7'). */
export const formatRating = (rating: number, locale: string): string => rating.toLocaleString(NUMBER_LOCALES[locale] ?? 'pt-BR', { maximumFractionDigits: 1 });
