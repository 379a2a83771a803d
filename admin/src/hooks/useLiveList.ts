import type { PagedList } from './usePagedList';
import { useCompanyTopic } from '../realtime/useCompanyTopic';

/** Where a list's live events live: `company-{id}-{topic}` and the payload keys of the record and of a deleted id. */
export interface LiveTopic<T> {
  topic: string;
  /** The payload key of a created or updated record; defaults to the topic (`{ action, user }`). */
  recordKey?: string;
  /** The payload key of a deleted record's id; defaults to `{topic}Id` (`{ action: 'delete', userId }`). */
  idKey?: string;
  /** Records this screen may list (e.g. a colleague's private item); others are left out and removed. */
  accepts?(record: T): boolean;
}

/**
 * Keeps a list in step with `company-{id}-{topic}`: `{ action: 'create' | 'update', [recordKey] }` inserts or
 * replaces, `{ action: 'delete', [idKey] }` removes; other actions are ignored.
 */
export function useLiveList<T extends { id: number }>(live: LiveTopic<T>, list: Pick<PagedList<T>, 'upsert' | 'remove'>): void {
  useCompanyTopic<{ action?: string } & Record<string, unknown>>(live.topic, (payload) => {
    const recordKey = live.recordKey ?? live.topic;
    const idKey = live.idKey ?? `${live.topic}Id`;
    if (payload.action === 'delete') {
      list.remove(Number(payload[idKey]));
      return;
    }
    if (payload.action !== 'create' && payload.action !== 'update') return;
    const record = payload[recordKey] as T | undefined;
    if (!record || typeof record !== 'object') return;
    if (live.accepts && !live.accepts(record)) list.remove(record.id);
    else list.upsert(record);
  });
}
