import { fieldError, type AppError } from '../../common/errors/app-error.js';
import { type CampaignSettings, type CampaignVariable, keywordOf } from '../../shared/campaigns.js';

export const VARIABLE_KEY_PATTERN = /^[\p{L}\p{N}_-]{1,40}$/u;
export const QUIET_HOUR_PATTERN = /^(?:|(?:[01]\d|2[0-3]):[0-5]\d)$/;
export const MAX_CAMPAIGN_VARIABLES = 100;

/** The contact placeholders of campaign messages: a variable may not shadow them. */
const RESERVED_KEYS = new Set(['nome', 'numero', 'email']);

/** `{Nome}` is not the contact's name, but a variable spelled so would only confuse. */
export const isReservedKey = (key: string): boolean => RESERVED_KEYS.has(key.toLowerCase());

/** Keys match as the placeholders do: exactly. */
export const hasVariable = (variables: readonly CampaignVariable[], key: string): boolean => variables.some((variable) => variable.key === key);

/** The rules between fields, after each field passed its own validation. */
export function settingsProblem(next: CampaignSettings): AppError | null {
  const keys = new Set<string>();
  for (const [index, { key }] of next.variables.entries()) {
    // Named like the validation pipe names a nested field, so the browser puts it under the same input.
    if (isReservedKey(key)) return fieldError(`variables.${index}.key`, `${key} is a contact placeholder`);
    if (keys.has(key)) return fieldError(`variables.${index}.key`, `the key ${key} appears twice`);
    keys.add(key);
  }
  if (Boolean(next.quietHoursStart) !== Boolean(next.quietHoursEnd)) return fieldError('quietHoursEnd', 'give both times, or neither');
  if (next.quietHoursStart && next.quietHoursStart === next.quietHoursEnd) return fieldError('quietHoursEnd', 'must differ from the start');
  return null;
}

/** Keywords that match the same replies (case, accents, final punctuation aside) are one: the first spelling stays. */
export function uniqueKeywords(keywords: readonly string[]): string[] {
  const seen = new Set<string>();
  return keywords.filter((keyword) => {
    const folded = keywordOf(keyword);
    if (seen.has(folded)) return false;
    seen.add(folded);
    return true;
  });
}
