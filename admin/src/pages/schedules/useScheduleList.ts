import { keepPreviousData } from '@tanstack/react-query';
import { useGetList } from 'react-admin';
import { useLiveResource } from '../../realtime/useLiveResource';
import type { CalendarRange, Schedule } from './types';

export interface ScheduleList {
  records: Schedule[];
  loading: boolean;
}

/**
 * The schedules whose sendAt falls in the visible range (the dataProvider's getList: GET /schedules?from&to, the
 * whole range at once up to the API's cap), live through `company-{id}-schedule`. The previous range stays on screen
 * while the next one loads.
 */
export function useScheduleList(range: CalendarRange): ScheduleList {
  useLiveResource('schedules', 'schedule');
  const { data, isPending } = useGetList<Schedule>(
    'schedules',
    { filter: { from: range.from.toISOString(), to: range.to.toISOString() } },
    { placeholderData: keepPreviousData },
  );
  return { records: data ?? [], loading: isPending };
}
