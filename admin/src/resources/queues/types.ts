import type { ScheduleEntry } from '../../../../src/shared/schedules';

/** A queue as GET /queue answers it. */
export interface Queue {
  id: number;
  name: string;
  color: string;
  orderQueue: number | null;
  greetingMessage: string | null;
  outOfHoursMessage: string | null;
  schedules: ScheduleEntry[] | null;
  createdAt?: string;
  updatedAt?: string;
}

/** The queue dialog's fields. */
export interface QueueFormValues {
  name: string;
  color: string;
  orderQueue: number | null;
  greetingMessage: string;
  outOfHoursMessage: string;
  schedules: ScheduleEntry[];
}
