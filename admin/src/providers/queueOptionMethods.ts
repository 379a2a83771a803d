import type { QueueOptionResponse } from '../../../src/shared/api-types';
import { API_URL, type httpClient as HttpClient } from './httpClient';

type Client = typeof HttpClient;

/** The file an option of a queue's chatbot menu sends with its message (POST/DELETE /queue-options/{id}/media-upload). */
export function queueOptionMethods(httpClient: Client) {
  const at = (id: number) => `${API_URL}/queue-options/${id}/media-upload`;
  return {
    /** Attaches (or replaces) the option's file; answers the option as it now is. */
    async uploadQueueOptionMedia(id: number, file: File): Promise<{ data: QueueOptionResponse }> {
      const body = new FormData();
      body.append('file', file, file.name);
      return { data: (await httpClient<QueueOptionResponse>(at(id), { method: 'POST', body })).json };
    },
    /** Removes the option's file; answers the option as it now is. */
    async removeQueueOptionMedia(id: number): Promise<{ data: QueueOptionResponse }> {
      return { data: (await httpClient<QueueOptionResponse>(at(id), { method: 'DELETE' })).json };
    },
  };
}

export type QueueOptionMethods = ReturnType<typeof queueOptionMethods>;
