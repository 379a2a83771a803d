import type { QueueOption } from './queue-option.entity.js';

export interface QueueOptionResponse {
  id: number;
  title: string;
  message: string;
  option: number;
  queueId: number;
  parentId: number | null;
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: string;
  updatedAt: string;
}

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
