/** Campaigns are switched per company by a setting rather than a column (administration §3). */
export const CAMPAIGNS_SETTING = 'campaignsEnabled';

export const CAMPAIGNS_VALUES = ['enabled', 'disabled', 'true', 'false'] as const;
export type CampaignsValue = (typeof CAMPAIGNS_VALUES)[number];
