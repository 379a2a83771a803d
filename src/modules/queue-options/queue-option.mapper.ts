import type { QueueOptionResponse } from '../../shared/api-types.js';
import type { QueueOption } from './queue-option.entity.js';

export type { QueueOptionResponse };

export function toQueueOptionResponse(option: QueueOption): QueueOptionResponse {
  return {
    id: option.id,
    title: option.title,
    message: option.message,
    option: option.option,
    queueId: option.queue.id,
    parentId: option.parent?.id ?? null,
    mediaPath: option.mediaPath,
    mediaName: option.mediaName,
    createdAt: option.createdAt.toISOString(),
    updatedAt: option.updatedAt.toISOString(),
  };
}
