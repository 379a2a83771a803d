import type { EntityManager } from '@mikro-orm/postgresql';
import type { RealtimeService } from '../../infra/realtime/realtime.service.js';
import { Queue } from './queue.entity.js';
import { toQueueResponse } from './queue.mapper.js';

/** Re-sends queues whose links changed in the database (a deleted prompt or integration), so open screens follow. */
export async function announceQueues(em: EntityManager, realtime: RealtimeService, companyId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const queues = await em.fork().find(Queue, { id: { $in: ids }, company: companyId }, { filters: false });
  for (const queue of queues) realtime.toCompany(companyId, 'queue', { action: 'update', queue: toQueueResponse(queue) });
}
