import type { ScheduleEntry } from '../../shared/schedules.js';
import type { Queue } from './queue.entity.js';

export interface QueueResponse {
  id: number;
  name: string;
  color: string;
  orderQueue: number | null;
  greetingMessage: string | null;
  outOfHoursMessage: string | null;
  schedules: ScheduleEntry[];
  integrationId: number | null;
  promptId: number | null;
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: string;
  updatedAt: string;
}

export function toQueueResponse(queue: Queue): QueueResponse {
  return {
    id: queue.id,
    name: queue.name,
    color: queue.color,
    orderQueue: queue.orderQueue,
    greetingMessage: queue.greetingMessage,
    outOfHoursMessage: queue.outOfHoursMessage,
    schedules: queue.schedules ?? [],
    integrationId: queue.integration?.id ?? null,
    promptId: queue.prompt?.id ?? null,
    mediaPath: queue.mediaPath,
    mediaName: queue.mediaName,
    createdAt: queue.createdAt.toISOString(),
    updatedAt: queue.updatedAt.toISOString(),
  };
}
