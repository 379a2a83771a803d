import type { ScheduleEntry } from '../../../../src/shared/schedules';
import type { QueueResponse } from '../../../../src/shared/api-types';

/** A queue as GET /queue answers it. */
export type Queue = QueueResponse;

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
