import type { CampaignSettings } from '../../../../src/shared/campaigns';

/** The page's editable copy: the keywords as the text field shows them. */
export interface SettingsDraft extends Omit<CampaignSettings, 'optOutKeywords'> {
  optOutKeywords: string;
}

export const VARIABLE_KEY_PATTERN = /^[\p{L}\p{N}_-]{1,40}$/u;
const RESERVED_KEYS = ['nome', 'numero', 'email'];
const TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

export const toDraft = (settings: CampaignSettings): SettingsDraft => ({ ...settings, optOutKeywords: settings.optOutKeywords.join(', ') });

export const keywordsOf = (text: string): string[] =>
  text
    .split(/[,\n]/)
    .map((keyword) => keyword.trim())
    .filter(Boolean);

export const toPayload = (draft: SettingsDraft): CampaignSettings => ({ ...draft, optOutKeywords: keywordsOf(draft.optOutKeywords) });

/** Catalog key of what is wrong with a new variable's key, if anything. */
export function variableKeyProblem(key: string): string | null {
  if (!VARIABLE_KEY_PATTERN.test(key)) return 'campaignsConfig.variables.keyInvalid';
  if (RESERVED_KEYS.includes(key.toLowerCase())) return 'campaignsConfig.variables.keyReserved';
  return null;
}

/** The page's own checks before it sends (the API checks them again): field → catalog key. */
export function draftProblems(draft: SettingsDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!Number.isInteger(draft.dailyCap) || draft.dailyCap < 0 || draft.dailyCap > 100000) problems.dailyCap = 'campaignsConfig.antiBan.dailyCapRange';
  for (const field of ['quietHoursStart', 'quietHoursEnd'] as const) {
    if (draft[field] && !TIME_PATTERN.test(draft[field])) problems[field] = 'campaignsConfig.antiBan.timeInvalid';
  }
  if (Boolean(draft.quietHoursStart) !== Boolean(draft.quietHoursEnd)) problems.quietHoursEnd = 'campaignsConfig.antiBan.bothTimes';
  else if (draft.quietHoursStart && draft.quietHoursStart === draft.quietHoursEnd) problems.quietHoursEnd = 'campaignsConfig.antiBan.sameTimes';
  const keywords = keywordsOf(draft.optOutKeywords);
  if (!keywords.length || keywords.length > 20 || keywords.some((keyword) => keyword.length > 30))
    problems.optOutKeywords = 'campaignsConfig.antiBan.keywordsRange';
  if (!Number.isInteger(draft.failurePauseThreshold) || draft.failurePauseThreshold < 0 || draft.failurePauseThreshold > 20) {
    problems.failurePauseThreshold = 'campaignsConfig.antiBan.thresholdRange';
  }
  if (!Number.isInteger(draft.confirmationWindowHours) || draft.confirmationWindowHours < 1 || draft.confirmationWindowHours > 720) {
    problems.confirmationWindowHours = 'campaignTools.settings.windowRange';
  }
  if (draft.optOutReply.length > 500) problems.optOutReply = 'campaignTools.settings.replyTooLong';
  return problems;
}
