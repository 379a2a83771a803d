import type {
  CampaignAudienceResponse,
  CampaignReportResponse,
  CampaignResponse,
  CampaignSuppressionResponse,
  ContactListResponse,
  FileListResponse,
} from '../../../src/shared/campaign-api-types';
import { API_URL, type httpClient as HttpClient } from './httpClient';

type Client = typeof HttpClient;

/** A name to choose in the campaign form's selects. */
export interface Choice {
  id: number;
  name: string;
}

/**
 * A campaign's calls beside its CRUD: stop and restart, the file (POST/DELETE /campaigns/{id}/media-upload), the
 * report's pages, and the lists the form chooses from that are not react-admin resources.
 */
export function campaignMethods(httpClient: Client) {
  const at = (id: number, action: string) => `${API_URL}/campaigns/${id}/${action}`;
  const post = async (id: number, action: string) => ({
    data: (await httpClient<CampaignResponse>(at(id, action), { method: 'POST' })).json,
  });
  return {
    /** Stops a running campaign (CANCELADA). */
    cancelCampaign: (id: number) => post(id, 'cancel'),
    /** "Enviar agora": an inactive or scheduled campaign starts at once. */
    startCampaign: (id: number) => post(id, 'start'),
    /** Who "Enviar agora" reaches: the list's name and the number of recipients. */
    async getCampaignAudience(id: number): Promise<CampaignAudienceResponse> {
      return (await httpClient<CampaignAudienceResponse>(at(id, 'audience'))).json;
    },
    /** A page of the suppression list (numbers no campaign sends to), searched by number. */
    async getSuppressions(search: string, page: number): Promise<{ records: CampaignSuppressionResponse[]; hasMore: boolean; count: number }> {
      const query = new URLSearchParams({ pageNumber: String(page), ...(search ? { searchParam: search } : {}) });
      return (await httpClient<{ records: CampaignSuppressionResponse[]; hasMore: boolean; count: number }>(`${API_URL}/campaign-suppressions?${query}`)).json;
    },
    async addSuppression(number: string): Promise<CampaignSuppressionResponse> {
      return (await httpClient<CampaignSuppressionResponse>(`${API_URL}/campaign-suppressions`, { method: 'POST', body: JSON.stringify({ number }) })).json;
    },
    async removeSuppression(id: number): Promise<void> {
      await httpClient(`${API_URL}/campaign-suppressions/${id}`, { method: 'DELETE' });
    },
    /** The whole list as CSV text. */
    async exportSuppressions(): Promise<string> {
      return (await httpClient(`${API_URL}/campaign-suppressions/export`)).body;
    },
    /** Resumes a cancelled campaign (EM_ANDAMENTO). */
    restartCampaign: (id: number) => post(id, 'restart'),
    /** Attaches (or replaces) the campaign's file; answers the campaign as it now is. */
    async uploadCampaignMedia(id: number, file: File): Promise<{ data: CampaignResponse }> {
      const body = new FormData();
      body.append('file', file, file.name);
      return { data: (await httpClient<CampaignResponse>(at(id, 'media-upload'), { method: 'POST', body })).json };
    },
    /** Removes the campaign's file; answers the campaign as it now is. */
    async removeCampaignMedia(id: number): Promise<{ data: CampaignResponse }> {
      return { data: (await httpClient<CampaignResponse>(at(id, 'media-upload'), { method: 'DELETE' })).json };
    },
    /** One page of the report: the campaign, its counts and the shipping records after `after` (a position). */
    async getCampaignReport(id: number, after?: number): Promise<CampaignReportResponse> {
      const query = after === undefined ? '' : `?after=${after}`;
      return (await httpClient<CampaignReportResponse>(`${at(id, 'report')}${query}`)).json;
    },
    /** GET /contact-lists/list: every contact list of the company. */
    async getContactListChoices(): Promise<Choice[]> {
      const lists = (await httpClient<ContactListResponse[]>(`${API_URL}/contact-lists/list`)).json;
      return lists.map(({ id, name }) => ({ id, name }));
    },
    /** GET /files: the company's file lists (the spec's dialect, `{ files, hasMore }`; the first page is plenty). */
    async getFileListChoices(): Promise<Choice[]> {
      const body = (await httpClient<{ files: FileListResponse[] }>(`${API_URL}/files?pageNumber=1`)).json;
      return body.files.map(({ id, name }) => ({ id, name }));
    },
  };
}

export type CampaignMethods = ReturnType<typeof campaignMethods>;
