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
    createdAt: queue.createdAt.toISOString(),
    updatedAt: queue.updatedAt.toISOString(),
  };
}
