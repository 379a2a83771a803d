import type { PagedList } from '../hooks/usePagedList';
import { useCompanyTopic } from './useCompanyTopic';

type ListTopic = 'user' | 'queue' | 'contact';

/**
 * Keeps a paged list in step with `company-{id}-{topic}`: `{ action: 'create' | 'update', [topic] }` inserts or
 * replaces, `{ action: 'delete', [topic]Id }` removes.
 */
export function useLiveResource<T extends { id: number }>(topic: ListTopic, list: Pick<PagedList<T>, 'upsert' | 'remove'>) {
  useCompanyTopic<{ action?: string } & Record<string, unknown>>(topic, payload => {
    if (payload.action === 'delete') list.remove(Number(payload[`${topic}Id`]));
    else if (payload[topic]) list.upsert(payload[topic] as T);
  });
}
