import { CAMPAIGN_SETTING_DEFAULTS, type CampaignSettings, type CampaignVariable } from '../../shared/campaigns.js';

export type SettingKey = keyof CampaignSettings;
export const SETTING_KEYS = Object.keys(CAMPAIGN_SETTING_DEFAULTS) as SettingKey[];

const isVariable = (item: unknown): item is CampaignVariable =>
  typeof item === 'object' && item !== null && typeof (item as CampaignVariable).key === 'string' && typeof (item as CampaignVariable).value === 'string';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** One stored value read back; a value that does not parse (an old or hand-edited row) reads as the default. */
function decode<K extends SettingKey>(key: K, text: string): CampaignSettings[K] {
  const fallback = CAMPAIGN_SETTING_DEFAULTS[key];
  if (key === 'variables') {
    const list = parseJson(text);
    return (Array.isArray(list) ? list.filter(isVariable).map(({ key: k, value }) => ({ key: k, value })) : fallback) as CampaignSettings[K];
  }
  if (key === 'optOutKeywords') {
    const list = parseJson(text);
    return (Array.isArray(list) && list.every((item) => typeof item === 'string') ? list : fallback) as CampaignSettings[K];
  }
  if (typeof fallback === 'number') {
    const value = Number(text);
    return (text.trim() !== '' && Number.isInteger(value) ? value : fallback) as CampaignSettings[K];
  }
  return text as CampaignSettings[K];
}

/** The settings from the company's rows, each missing key at its default. */
export function decodeSettings(rows: readonly { key: string; value: string }[]): CampaignSettings {
  const settings: CampaignSettings = structuredClone(CAMPAIGN_SETTING_DEFAULTS);
  for (const row of rows) {
    if (!(SETTING_KEYS as string[]).includes(row.key)) continue;
    const key = row.key as SettingKey;
    (settings as unknown as Record<SettingKey, unknown>)[key] = decode(key, row.value);
  }
  return settings;
}

/** The text a setting is stored as: lists as JSON, the rest as plain text. */
export const encodeSetting = (value: CampaignSettings[SettingKey]): string => (typeof value === 'object' ? JSON.stringify(value) : String(value));
