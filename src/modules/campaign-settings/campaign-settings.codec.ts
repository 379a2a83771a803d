import { CAMPAIGN_SETTING_DEFAULTS, type CampaignSettings, parseCampaignSettings } from '../../shared/campaigns.js';

export type SettingKey = keyof CampaignSettings;
export const SETTING_KEYS = Object.keys(CAMPAIGN_SETTING_DEFAULTS) as SettingKey[];

/** The settings from the company's rows, read as the campaign walker reads them (defaults for missing or unreadable keys). */
export const decodeSettings = (rows: readonly { key: string; value: string }[]): CampaignSettings =>
  parseCampaignSettings(Object.fromEntries(rows.map((row) => [row.key, row.value])));

/** The text a setting is stored as: lists as JSON, the rest as plain text. */
export const encodeSetting = (value: CampaignSettings[SettingKey]): string => (typeof value === 'object' ? JSON.stringify(value) : String(value));
