import type { PagedList } from '../hooks/usePagedList';
import { useCompanyEvent } from './useRealtimeEvent';

type ListTopic = 'user' | 'queue';

/**
 * Keeps a paged list in step with `company-{id}-{topic}`: `{ action: 'create' | 'update', [topic] }` inserts or
 * replaces, `{ action: 'delete', [topic]Id }` removes.
 */
export function useLiveResource<T extends { id: number }>(topic: ListTopic, list: Pick<PagedList<T>, 'upsert' | 'remove'>) {
  useCompanyEvent(topic, payload => {
    const fields = payload as unknown as Record<string, unknown>;
    if (payload.action === 'delete') list.remove(Number(fields[`${topic}Id`]));
    else if (fields[topic]) list.upsert(fields[topic] as T);
  });
}
