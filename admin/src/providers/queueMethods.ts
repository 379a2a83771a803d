import type { QueueResponse } from '../../../src/shared/api-types';
import { API_URL, type httpClient as HttpClient } from './httpClient';

type Client = typeof HttpClient;

/** The file a queue sends with its greeting (POST/DELETE /queue/{id}/media-upload). */
export function queueMethods(httpClient: Client) {
  const at = (id: number) => `${API_URL}/queue/${id}/media-upload`;
  return {
    /** Attaches (or replaces) the queue's file; answers the queue as it now is. */
    async uploadQueueMedia(id: number, file: File): Promise<{ data: QueueResponse }> {
      const body = new FormData();
      body.append('file', file, file.name);
      return { data: (await httpClient<QueueResponse>(at(id), { method: 'POST', body })).json };
    },
    /** Removes the queue's file; answers the queue as it now is. */
    async removeQueueMedia(id: number): Promise<{ data: QueueResponse }> {
      return { data: (await httpClient<QueueResponse>(at(id), { method: 'DELETE' })).json };
    },
  };
}

export type QueueMethods = ReturnType<typeof queueMethods>;
