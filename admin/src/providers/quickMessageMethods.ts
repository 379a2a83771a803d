import type { QuickMessageResponse } from '../../../src/shared/api-types';
import { API_URL, type httpClient as HttpClient } from './httpClient';

type Client = typeof HttpClient;

/** The file a quick message sends (POST/DELETE /quick-messages/{id}/media-upload), once the message is saved. */
export function quickMessageMethods(httpClient: Client) {
  const at = (id: number) => `${API_URL}/quick-messages/${id}/media-upload`;
  return {
    /** Attaches (or replaces) the message's file; answers the message as it now is. */
    async uploadQuickMessageMedia(id: number, file: File): Promise<{ data: QuickMessageResponse }> {
      const body = new FormData();
      body.append('file', file, file.name);
      return { data: (await httpClient<QuickMessageResponse>(at(id), { method: 'POST', body })).json };
    },
    /** Removes the message's file; answers the message as it now is. */
    async removeQuickMessageMedia(id: number): Promise<{ data: QuickMessageResponse }> {
      return { data: (await httpClient<QuickMessageResponse>(at(id), { method: 'DELETE' })).json };
    },
  };
}

export type QuickMessageMethods = ReturnType<typeof quickMessageMethods>;
