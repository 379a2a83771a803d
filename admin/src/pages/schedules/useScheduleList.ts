import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveList } from '../../hooks/useLiveList';
import { useNotifyError } from '../../hooks/useNotifyError';
import { api } from '../../providers/httpClient';
import { inRange } from './calendarRange';
import type { CalendarRange, Schedule, ScheduleListAnswer } from './types';

/** `company-{id}-schedule`: `{ action: 'create' | 'update', schedule }` / `{ action: 'delete', scheduleId }`. */
const LIVE = { topic: 'schedule' };

export interface ScheduleList {
  records: Schedule[];
  loading: boolean;
  /** Puts a saved or live schedule in place, or drops it when its sendAt left the visible range. */
  upsert(schedule: Schedule): void;
  remove(id: number): void;
}

/** With from/to the API answers the whole range at once (up to its cap of 1000), not pages. */
const loadRange = (from: string, to: string): Promise<Schedule[]> =>
  api.get<ScheduleListAnswer>('/schedules', { from, to }).then((answer) => answer.schedules ?? []);

/** The schedules whose sendAt falls in the visible range (GET /schedules?from&to), kept live. */
export function useScheduleList(range: CalendarRange): ScheduleList {
  const notifyError = useNotifyError();
  const [records, setRecords] = useState<Schedule[]>([]);
  const [loading, setLoading] = useState(true);
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  const rangeRef = useRef(range);
  useEffect(() => {
    rangeRef.current = range;
  });

  useEffect(() => {
    let current = true;
    setLoading(true);
    loadRange(from, to)
      .then((list) => current && setRecords(list))
      .catch((error) => current && notifyError(error))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [from, to, notifyError]);

  const remove = useCallback((id: number) => setRecords((previous) => previous.filter((known) => known.id !== id)), []);

  const upsert = useCallback((schedule: Schedule) => {
    const visible = inRange(schedule.sendAt, rangeRef.current);
    setRecords((previous) => {
      const others = previous.filter((known) => known.id !== schedule.id);
      if (!visible) return others;
      const known = previous.find((record) => record.id === schedule.id);
      return [...others, known ? { ...known, ...schedule } : schedule];
    });
  }, []);

  const list = { records, loading, upsert, remove };
  useLiveList<Schedule>(LIVE, list);
  return list;
}
