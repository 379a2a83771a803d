import { createContext, useContext } from 'react';
import type { Schedule } from './types';

/** What an event on the calendar can do; the page provides it so the events stay plain components. */
export interface ScheduleActions {
  open(schedule: Schedule): void;
  askDelete(schedule: Schedule): void;
  /** Whether the user may change or delete it (its creator or an admin). */
  canManage(schedule: Schedule): boolean;
}

export const ScheduleActionsContext = createContext<ScheduleActions | null>(null);

export function useScheduleActions(): ScheduleActions {
  const actions = useContext(ScheduleActionsContext);
  if (!actions) throw new Error('useScheduleActions needs a ScheduleActionsContext');
  return actions;
}
