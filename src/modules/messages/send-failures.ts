import { Injectable } from '@nestjs/common';
import type { SendFailure, SendFailureSink } from '../../channels/send-failure-sink.js';
import { MessageEvents } from './message-events.js';
import { SendFailuresRepository } from './send-failures.repository.js';

/**
 * A send reported failed after it was accepted: stored on the message (the chat bubble shows it) and sent as the
 * usual message update. Written at once rather than through the inbound lanes: it touches one column no other event
 * writes, so its order against receipts does not matter, and the webhook is answered only once it is stored.
 */
@Injectable()
export class SendFailures implements SendFailureSink {
  constructor(
    private readonly repository: SendFailuresRepository,
    private readonly events: MessageEvents,
  ) {}

  async failed(connection: { id: number; companyId: number }, ids: string[], failure: SendFailure): Promise<void> {
    const unique = [...new Set(ids.filter(Boolean))];
    if (!unique.length) return;
    const rows = await this.repository.markFailed(connection.companyId, connection.id, unique, failure.code.slice(0, 64), failure.detail.slice(0, 1000));
    for (const row of rows) this.events.messageUpdated(connection.companyId, row);
  }
}
