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
};

/** Codes of `pauseReason`: why a campaign stopped on its own or waits. */
export const CAMPAIGN_PAUSE_REASONS = [
  'COMPANY_INACTIVE',
  'PLAN_WITHOUT_CAMPAIGNS',
  'CAMPAIGNS_DISABLED',
  'CONNECTION_DISCONNECTED',
  'NO_CONNECTION',
  'TOO_MANY_FAILURES',
  'DAILY_CAP',
  'QUIET_HOURS',
] as const;
export type CampaignPauseReason = (typeof CAMPAIGN_PAUSE_REASONS)[number];

/** Placeholders of campaign messages: `{nome}`, `{numero}`, `{email}` and the campaign variables `{key}`. */
export function renderCampaignMessage(
  text: string,
  recipient: { name: string; number: string; email: string | null },
  variables: readonly CampaignVariable[],
): string {
  const values = new Map<string, string>(variables.map((v) => [v.key, v.value]));
  values.set('nome', recipient.name);
  values.set('numero', recipient.number);
  values.set('email', recipient.email ?? '');
  return text.replace(/\{([\p{L}\p{N}_-]+)\}/gu, (whole, key: string) => values.get(key) ?? whole);
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
