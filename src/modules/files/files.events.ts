import { Injectable } from '@nestjs/common';
import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import type { FileListEventPayload } from '../../shared/campaign-api-types.js';

/** `company-{id}-file` on the company's main channel: every user of the company reads file lists. */
@Injectable()
export class FileListEvents {
  constructor(private readonly realtime: RealtimeService) {}

  emit(companyId: number, payload: FileListEventPayload): void {
    this.realtime.toCompany(companyId, 'file', payload);
  }
}
