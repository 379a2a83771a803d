import { type RefObject, useCallback, useState } from 'react';
import { useNotify } from 'react-admin';
import { api } from '../providers/httpClient';
import { type LiveTopic, useLiveList } from './useLiveList';
import { useNearEnd } from './useNearEnd';
import { useNotifyError } from './useNotifyError';
import { type PagedList, usePagedList } from './usePagedList';

export interface PagedResourceOptions<T extends { id: number }> {
  /** The API path: `GET path?searchParam=&pageNumber=`, `DELETE path/{id}`. */
  path: string;
  /** The key of the page's records in the list answer. */
  recordsKey: string;
  live: LiveTopic<T>;
  /** The toast after a delete. */
  deletedMessage: string;
}

export interface PagedResource<T extends { id: number }> {
  search: string;
  setSearch(search: string): void;
  list: PagedList<T>;
  /** The scroll container and the element at its end, for infinite scroll. */
  rootRef: RefObject<HTMLDivElement | null>;
  sentinelRef: RefObject<HTMLDivElement | null>;
  /** DELETE path/{id}, then drops the record and toasts; a failure is an error toast. */
  remove(record: T): Promise<void>;
}

/**
 * A list screen's data: the search (debounced), the pages (loaded as the end of the scroll container comes
 * near), live updates and deletion.
 */
export function usePagedResource<T extends { id: number }>({ path, recordsKey, live, deletedMessage }: PagedResourceOptions<T>): PagedResource<T> {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [search, setSearch] = useState('');
  const list = usePagedList<T>(path, recordsKey, search);
  const { rootRef, sentinelRef } = useNearEnd<HTMLDivElement, HTMLDivElement>(list.loadMore, list.hasMore && !list.loading);
  useLiveList(live, list);
  const { remove: forget } = list;

  const remove = useCallback(
    async (record: T) => {
      try {
        await api.delete(`${path}/${record.id}`);
        forget(record.id);
        notify(deletedMessage, { type: 'success' });
      } catch (error) {
        notifyError(error);
      }
    },
    [path, forget, notify, notifyError, deletedMessage],
  );

  return { search, setSearch, list, rootRef, sentinelRef, remove };
}
