import type { Queue } from './queue.entity.js';
import type { QueueResponse } from '../../shared/api-types.js';

/** Declared once in src/shared/api-types.ts, where the browser reads them too. */
export type { QueueResponse };

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
