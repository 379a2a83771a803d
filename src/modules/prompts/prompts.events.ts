import { Injectable } from '@nestjs/common';
import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import type { PromptResponse } from './prompt.mapper.js';

export type PromptEventPayload = { action: 'create' | 'update'; prompt: PromptResponse } | { action: 'delete'; promptId: number };

/** `company-{id}-prompt` on the company's main channel: the response carries no secret. */
@Injectable()
export class PromptEvents {
  constructor(private readonly realtime: RealtimeService) {}

  emit(companyId: number, payload: PromptEventPayload): void {
    this.realtime.toCompany(companyId, 'prompt', payload);
  }
}
