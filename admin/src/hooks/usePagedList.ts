import { useCallback, useEffect, useState } from 'react';
import { api } from '../providers/httpClient';
import { useDebouncedValue } from './useDebouncedValue';
import { useNotifyError } from './useNotifyError';

const SEARCH_DEBOUNCE_MS = 500;

export interface PagedList<T extends { id: number }> {
  records: T[];
  hasMore: boolean;
  loading: boolean;
  loadMore(): void;
  upsert(record: T): void;
  remove(id: number): void;
}

/**
 * A list in the spec's dialect (`GET path?searchParam=&pageNumber=` → `{ [recordsKey], hasMore }`):
 * the search restarts at page 1 after a 500 ms pause, further pages are appended.
 */
export function usePagedList<T extends { id: number }>(path: string, recordsKey: string, searchParam: string): PagedList<T> {
  const search = useDebouncedValue(searchParam, SEARCH_DEBOUNCE_MS);
  const [query, setQuery] = useState({ search, pageNumber: 1 });
  const [records, setRecords] = useState<T[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const notifyError = useNotifyError();

  useEffect(() => {
    setQuery((current) => (current.search === search ? current : { search, pageNumber: 1 }));
  }, [search]);

  useEffect(() => {
    let current = true;
    setLoading(true);
    api
      .get<Record<string, unknown>>(path, { searchParam: query.search, pageNumber: query.pageNumber })
      .then((answer) => {
        if (!current) return;
        const page = (answer[recordsKey] ?? []) as T[];
        setRecords((previous) =>
          query.pageNumber === 1 ? page : [...previous, ...page.filter((record) => !previous.some((known) => known.id === record.id))],
        );
        setHasMore(Boolean(answer.hasMore));
      })
      .catch((error) => current && notifyError(error))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [path, recordsKey, query, notifyError]);

  const loadMore = useCallback(() => {
    if (hasMore && !loading) setQuery((current) => ({ ...current, pageNumber: current.pageNumber + 1 }));
  }, [hasMore, loading]);

  const upsert = useCallback((record: T) => {
    setRecords((previous) =>
      previous.some((known) => known.id === record.id) ? previous.map((known) => (known.id === record.id ? record : known)) : [record, ...previous],
    );
  }, []);

  const remove = useCallback((id: number) => {
    setRecords((previous) => previous.filter((known) => known.id !== id));
  }, []);

  return { records, hasMore, loading, loadMore, upsert, remove };
}
