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
  /** The integration that answers in this queue. */
  integrationId?: number | null;
  /** The AI prompt that answers in this queue. */
  promptId?: number | null;
  /** The file sent with the greeting: its storage path (under /public/) and its name. */
  mediaPath?: string | null;
  mediaName?: string | null;
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
  integrationId: number | null;
  promptId: number | null;
  schedules: ScheduleEntry[];
}
