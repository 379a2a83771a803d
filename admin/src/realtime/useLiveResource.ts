import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useCompanyTopic } from './useCompanyTopic';

/**
 * The bridge between socket events and react-admin's cache: any `company-{id}-{topic}` event invalidates the
 * resource's queries (getList, getInfiniteList, getOne, getMany share the resource as their first key), so every
 * open list or form of it reloads what changed, whoever changed it.
 */
export function useLiveResource(resource: string, topic: string): void {
  const queryClient = useQueryClient();
  const invalidate = useCallback(() => void queryClient.invalidateQueries({ queryKey: [resource] }), [queryClient, resource]);
  useCompanyTopic<unknown>(topic, invalidate);
}
