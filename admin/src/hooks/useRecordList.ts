import { useCallback, useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { api } from '../providers/httpClient';

export interface RecordList<T> {
  records: T[];
  loading: boolean;
  /** GET the list again (after a save or a delete). */
  reload(): void;
}

/** A whole list (GET path, an array answer), loaded when the tab mounts, i.e. on every tab change. */
export function useRecordList<T>(path: string): RecordList<T> {
  const notify = useNotify();
  const [records, setRecords] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const [generation, setGeneration] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: generation is the reload trigger
  useEffect(() => {
    let current = true;
    setLoading(true);
    api
      .get<T[]>(path)
      .then((answer) => current && setRecords(Array.isArray(answer) ? answer : []))
      .catch(() => current && notify('common.loadFailed', { type: 'error' }))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [path, generation, notify]);

  const reload = useCallback(() => setGeneration((previous) => previous + 1), []);
  return { records, loading, reload };
}
