/** A send the provider accepted and later reported failed (a Cloud API status "failed"). */
export interface SendFailure {
  /** The catalogued code the chat shows (ERR_CLOUD_WINDOW_CLOSED, ERR_CLOUD_UNDELIVERABLE...). */
  code: string;
  /** The provider's own words: Meta's code and title (and details), for support. */
  detail: string;
}

/**
 * Where a provider reports such a failure. Channels declare it and the messages module implements it
 * (`SEND_FAILURE_SINK`), as with INBOUND_SINK. `ids`: the ids the message may be stored under (the provider's,
 * and the one the row was written under before the send answered). Resolves once the failure is stored.
 */
export interface SendFailureSink {
  failed(connection: { id: number; companyId: number }, ids: string[], failure: SendFailure): Promise<void>;
}

export const SEND_FAILURE_SINK = Symbol('SEND_FAILURE_SINK');
