import { useCallback, useEffect, useState } from 'react';
import { useLiveList } from '../../hooks/useLiveList';
import { useNotifyError } from '../../hooks/useNotifyError';
import { api } from '../../providers/httpClient';
import type { Queue } from './types';

/** `company-{id}-queue`: `{ action: 'create' | 'update', queue }` / `{ action: 'delete', queueId }`. */
const LIVE = { topic: 'queue' };

const byOrder = (a: Queue, b: Queue) => (a.orderQueue ?? Number.MAX_SAFE_INTEGER) - (b.orderQueue ?? Number.MAX_SAFE_INTEGER) || a.id - b.id;

export interface QueueList {
  records: Queue[];
  loading: boolean;
  upsert(queue: Queue): void;
  remove(id: number): void;
}

/** The company's queues (GET /queue, the whole list), kept live. */
export function useQueues(): QueueList {
  const notifyError = useNotifyError();
  const [records, setRecords] = useState<Queue[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let current = true;
    api
      .get<Queue[]>('/queue')
      .then((answer) => current && setRecords(Array.isArray(answer) ? [...answer].sort(byOrder) : []))
      .catch((error) => current && notifyError(error))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [notifyError]);

  const upsert = useCallback((queue: Queue) => {
    setRecords((previous) =>
      (previous.some((known) => known.id === queue.id)
        ? previous.map((known) => (known.id === queue.id ? { ...known, ...queue } : known))
        : [...previous, queue]
      ).sort(byOrder),
    );
  }, []);

  const remove = useCallback((id: number) => setRecords((previous) => previous.filter((known) => known.id !== id)), []);

  const list = { records, loading, upsert, remove };
  useLiveList<Queue>(LIVE, list);
  return list;
}
