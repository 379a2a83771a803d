import type { CampaignSettingsResponse } from '../../../../src/shared/campaign-api-types';
import type { CampaignSettings, CampaignVariable } from '../../../../src/shared/campaigns';
import { api } from '../../providers/httpClient';

/** The campaign settings page's calls (campaigns §7: GET and POST /campaign-settings, and the variable shortcut). */
export const campaignSettingsMethods = {
  getCampaignSettings: () => api.get<CampaignSettingsResponse>('/campaign-settings'),
  saveCampaignSettings: (settings: Partial<CampaignSettings>) => api.post<CampaignSettingsResponse>('/campaign-settings', settings),
  /** Answers the settings; they are unchanged when the key existed. */
  addCampaignVariable: (variable: CampaignVariable) => api.post<CampaignSettingsResponse>('/campaign-settings/variables', variable),
};
