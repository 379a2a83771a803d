import { Injectable } from '@nestjs/common';
import type { ConnectionRef } from './channel-provider.js';

/**
 * What a provider that assigns message ids reported about one of our sends, named by the id the send was recorded
 * under (the Cloud API's biz_opaque_callback_data): `ack` 2 sent, 3 delivered, 4 read, 5 played, 0 failed.
 */
export interface SendOutcome {
  localId: string;
  providerId: string;
  ack: number;
  /** The provider's reason when `ack` is 0: its code and words. */
  error: string | null;
}

type OutcomeListener = (connection: ConnectionRef, outcome: SendOutcome) => Promise<void>;

/**
 * Where the status of a send reaches the domains that sent outside a conversation (campaign shippings, schedules),
 * so channel code never imports them: each registers a listener, and a webhook resolves once every listener recorded
 * the status (only then is the delivery acknowledged, so the provider retries what was not recorded).
 */
@Injectable()
export class SendOutcomes {
  private readonly listeners: OutcomeListener[] = [];

  listen(listener: OutcomeListener): void {
    this.listeners.push(listener);
  }

  async record(connection: ConnectionRef, outcome: SendOutcome): Promise<void> {
    await Promise.all(this.listeners.map((listener) => listener(connection, outcome)));
  }
}
