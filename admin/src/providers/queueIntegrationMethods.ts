import { API_URL, type httpClient as HttpClient } from './httpClient';

type Client = typeof HttpClient;

/** What POST /queueIntegration/testSession needs: the service's configuration, saved or not. */
export interface QueueIntegrationTestBody {
  type: string;
  projectName?: string;
  jsonContent?: string;
  language?: string;
  urlN8N?: string;
  typebotSlug?: string;
}

/** The integrations' test (campaigns §7): one call to the configured service; the answer is the service's own. */
export function queueIntegrationMethods(httpClient: Client) {
  return {
    async testQueueIntegration(body: QueueIntegrationTestBody): Promise<{ data: unknown }> {
      return { data: (await httpClient<unknown>(`${API_URL}/queueIntegration/testSession`, { method: 'POST', body: JSON.stringify(body) })).json };
    },
  };
}

export type QueueIntegrationMethods = ReturnType<typeof queueIntegrationMethods>;
