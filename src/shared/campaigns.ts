import { firstNameOf, renderPlaceholders } from './placeholders.js';
import { clockValues } from './template-variables.js';
// Campaign states, shipping states and setting constants shared by the API and the browser (campaigns §4, §9).

/** The campaignsEnabled setting: 'true' or 'enabled' means enabled; anything else, or no setting, means disabled. */
export const campaignsOn = (value: string | null | undefined): boolean => value === 'true' || value === 'enabled';

export const CAMPAIGN_STATUSES = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/**
 * A recipient's state: `pending` (not walked yet), `sending` (claimed, provider id fixed), `awaiting` (confirmation
 * asked, waiting for the reply), `delivered` (main message sent), `failed`, `skipped` (opted out or not on WhatsApp).
 */
export const SHIPPING_STATUSES = ['pending', 'sending', 'awaiting', 'delivered', 'failed', 'skipped'] as const;
export type ShippingStatus = (typeof SHIPPING_STATUSES)[number];

export const MESSAGE_INTERVAL_OPTIONS = [0, 5, 10, 15, 20] as const;
export const INTERVAL_OPTIONS = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;

export interface CampaignVariable {
  key: string;
  value: string;
}

/** The settings of campaigns §3 and the anti-ban additions (cap, quiet hours, opt-out, failure pause). */
export interface CampaignSettings {
  messageInterval: number;
  longerIntervalAfter: number;
  greaterInterval: number;
  variables: CampaignVariable[];
  /** Most campaign messages one connection sends per day (company time zone); 0 = no cap. */
  dailyCap: number;
  /** 'HH:mm' to 'HH:mm' in the company's zone when nothing is sent; empty = none. May wrap midnight. */
  quietHoursStart: string;
  quietHoursEnd: string;
  /** Replies that put the number on the suppression list, compared without case or accents. */
  optOutKeywords: string[];
  /** The campaign pauses itself when this many of the last 20 sends failed; 0 = never. */
  failurePauseThreshold: number;
  /** The short answer to an opt-out keyword; empty = answer nothing. */
  optOutReply: string;
  /** Hours a confirmation campaign waits for the answers to its requests before it finishes. */
  confirmationWindowHours: number;
}

export const CAMPAIGN_SETTING_DEFAULTS: CampaignSettings = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [],
  dailyCap: 1000,
  quietHoursStart: '',
  quietHoursEnd: '',
  optOutKeywords: ['SAIR', 'PARAR'],
  failurePauseThreshold: 5,
  optOutReply: 'Pronto! Você não receberá mais nossas campanhas.',
  confirmationWindowHours: 24,
};

/**
 * The approved template a message variant sends on a WhatsApp Cloud API connection, and the text of each {{n}} of
 * its body in order; the texts take the campaign placeholders ({nome}, {numero}, {email}, the campaign variables),
 * rendered per recipient.
 */
export interface CampaignTemplateChoice {
  /** The message variant (1..5: message1..message5). */
  variant: number;
  templateId: number;
  variables: string[];
  /** A template whose header shows a file (image, video, document): the public address Meta downloads it from. */
  headerMediaUrl?: string | null;
}

/** Codes of `pauseReason`: why a campaign stopped on its own or waits. */
export const CAMPAIGN_PAUSE_REASONS = [
  'COMPANY_INACTIVE',
  'PLAN_WITHOUT_CAMPAIGNS',
  'CAMPAIGNS_DISABLED',
  'CONNECTION_DISCONNECTED',
  'NO_CONNECTION',
  'NO_AUDIENCE',
  'TOO_MANY_FAILURES',
  'DAILY_CAP',
  'QUIET_HOURS',
  'WALK_STUCK',
  'AWAITING_CONFIRMATION',
  'AWAITING_SEND_OUTCOME',
] as const;
export type CampaignPauseReason = (typeof CAMPAIGN_PAUSE_REASONS)[number];

/**
 * Placeholders of campaign messages: the shared ones (`{nome}` = `{{name}}`, `{numero}`, `{email}`, `{{firstName}}`,
 * `{{ms}}`, `{{hora}}`) in either spelling, and the campaign variables `{key}`.
 */
export function renderCampaignMessage(
  text: string,
  recipient: { name: string; number: string; email: string | null },
  variables: readonly CampaignVariable[],
  clock: { now?: Date; timeZone?: string | null } = {},
): string {
  const values: Record<string, string> = Object.fromEntries(variables.map((v) => [v.key, v.value]));
  const name = recipient.name.trim();
  Object.assign(values, {
    firstName: firstNameOf(name),
    name,
    number: recipient.number,
    email: recipient.email ?? '',
    ...clockValues(clock.now ?? new Date(), clock.timeZone),
  });
  return renderPlaceholders(text, values);
}

/** campaigns §4: editable while INATIVA, or PROGRAMADA more than an hour away. */
export function campaignEditable(campaign: { status: CampaignStatus; scheduledAt: string | Date | null }, now = Date.now()): boolean {
  if (campaign.status === 'INATIVA') return true;
  if (campaign.status !== 'PROGRAMADA' || !campaign.scheduledAt) return false;
  return new Date(campaign.scheduledAt).getTime() - now > 60 * 60 * 1000;
}

/** Messages stay editable on a cancelled campaign (campaigns §4). */
export const campaignMessagesEditable = (campaign: { status: CampaignStatus; scheduledAt: string | Date | null }, now = Date.now()): boolean =>
  campaignEditable(campaign, now) || campaign.status === 'CANCELADA';

/** The stored key/value rows of the campaign settings (numbers as text, lists as JSON), defaults for what is missing or unreadable. */
export function parseCampaignSettings(rows: Record<string, string> | null | undefined): CampaignSettings {
  const stored = rows ?? {};
  const number = (
    key: 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval' | 'dailyCap' | 'failurePauseThreshold' | 'confirmationWindowHours',
  ): number => {
    const value = Number(stored[key]);
    return stored[key] !== undefined && Number.isFinite(value) && value >= 0 ? value : CAMPAIGN_SETTING_DEFAULTS[key];
  };
  const json = <T>(key: string, valid: (value: unknown) => value is T, fallback: T): T => {
    try {
      const value: unknown = stored[key] === undefined ? fallback : JSON.parse(stored[key]);
      return valid(value) ? value : fallback;
    } catch {
      return fallback;
    }
  };
  const isVariables = (value: unknown): value is CampaignVariable[] =>
    Array.isArray(value) && value.every((v) => typeof v?.key === 'string' && typeof v?.value === 'string');
  const isWords = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');
  return {
    messageInterval: number('messageInterval'),
    longerIntervalAfter: number('longerIntervalAfter'),
    greaterInterval: number('greaterInterval'),
    variables: json('variables', isVariables, CAMPAIGN_SETTING_DEFAULTS.variables),
    dailyCap: number('dailyCap'),
    quietHoursStart: stored.quietHoursStart ?? CAMPAIGN_SETTING_DEFAULTS.quietHoursStart,
    quietHoursEnd: stored.quietHoursEnd ?? CAMPAIGN_SETTING_DEFAULTS.quietHoursEnd,
    optOutKeywords: json('optOutKeywords', isWords, CAMPAIGN_SETTING_DEFAULTS.optOutKeywords),
    failurePauseThreshold: number('failurePauseThreshold'),
    optOutReply: stored.optOutReply ?? CAMPAIGN_SETTING_DEFAULTS.optOutReply,
    confirmationWindowHours: number('confirmationWindowHours'),
  };
}

/** How a reply is compared with the opt-out keywords: trimmed, upper case, without accents or final punctuation. */
export function keywordOf(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim()
    .replace(/[.!?]+$/, '')
    .toUpperCase();
}
