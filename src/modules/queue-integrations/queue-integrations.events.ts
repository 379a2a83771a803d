import { Injectable } from '@nestjs/common';
import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import type { QueueIntegrationResponse } from './queue-integration.mapper.js';

export type QueueIntegrationEventPayload =
  | { action: 'create' | 'update'; queueIntegration: QueueIntegrationResponse }
  | { action: 'delete'; integrationId: number };

/**
 * `company-{id}-queueIntegration` on the company's main channel. Every profile is in that room, so the payload
 * never carries the credentials: an admin's screen reads them with GET /queueIntegration/:id.
 */
@Injectable()
export class QueueIntegrationEvents {
  constructor(private readonly realtime: RealtimeService) {}

  emit(companyId: number, payload: QueueIntegrationEventPayload): void {
    const safe = 'queueIntegration' in payload ? { ...payload, queueIntegration: { ...payload.queueIntegration, jsonContent: null } } : payload;
    this.realtime.toCompany(companyId, 'queueIntegration', safe);
  }
}
