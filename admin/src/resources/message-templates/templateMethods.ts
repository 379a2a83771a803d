import type { TemplateSyncResponse } from '../../../../src/shared/api-types';
import { API_URL, type httpClient as HttpClient } from '../../providers/httpClient';

/** POST /whatsapp/{id}/templates/sync: the connection's templates read from Meta again. */
export function templateMethods(httpClient: typeof HttpClient) {
  return {
    async syncTemplates(whatsappId: number): Promise<TemplateSyncResponse> {
      return (await httpClient<TemplateSyncResponse>(`${API_URL}/whatsapp/${encodeURIComponent(whatsappId)}/templates/sync`, { method: 'POST' })).json;
    },
  };
}
