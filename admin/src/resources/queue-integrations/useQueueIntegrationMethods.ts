import { useMemo } from 'react';
import { httpClient } from '../../providers/httpClient';
import { type QueueIntegrationMethods, queueIntegrationMethods } from '../../providers/queueIntegrationMethods';

/**
 * TEMPORARY, until dataProvider.ts spreads `queueIntegrationMethods(httpClient)`: then this hook is
 * `useDataProvider<DataProvider & QueueIntegrationMethods>()` and its callers stay as they are.
 */
export function useQueueIntegrationMethods(): QueueIntegrationMethods {
  return useMemo(() => queueIntegrationMethods(httpClient), []);
}
