import type { ChannelSession, ConnectionRef, InboundCall, InboundMessage } from './channel-provider.js';

/** An event recorded without being processed where it arrived (a connection whose inbox one drainer processes). */
export type RecordOnlyEvent = { kind: 'message'; message: InboundMessage } | { kind: 'ack'; providerId: string; ack: number };

/** What one pass over a connection's recorded rows saw (queueRecorded). */
export interface RecordedPage {
  /** Every row of the page, queued now or before. */
  ids: string[];
  /** Rows queued by this call. */
  queued: string[];
  /** The page's last seq (the next page starts after it); null when empty. */
  lastSeq: string | null;
  /** The page was full: more rows may follow. */
  full: boolean;
}

/**
 * Where the ChannelManager delivers provider events. Channels declare it and the messages module implements it
 * (`INBOUND_SINK`), so channel code never imports the domain that consumes it. Each traffic method resolves once
 * the event is durably recorded.
 */
export interface InboundSink {
  message(connection: ConnectionRef, message: InboundMessage, session?: ChannelSession): Promise<void>;
  ack(connection: ConnectionRef, providerId: string, ack: number): Promise<void>;
  edit(connection: ConnectionRef, providerId: string, body: string, editedAt: Date): Promise<void>;
  revoke(connection: ConnectionRef, providerId: string): Promise<void>;
  call(connection: ConnectionRef, call: InboundCall, session: ChannelSession): Promise<void>;
  /** Processes what a dead process recorded for the connection, ahead of anything newer (after `ready`). */
  replay(connection: ConnectionRef, session?: ChannelSession, ready?: () => Promise<void>): Promise<void>;
  /** Connections with recorded events not processed yet. */
  connectionsWithPending(): Promise<Array<{ company_id: number; whatsapp_id: number }>>;
  /**
   * Records events (their media fetched first, in parallel) in the order given, and resolves once all are committed;
   * nothing is queued here (see InboxDrainers).
   */
  recordOnly(connection: ConnectionRef, events: RecordOnlyEvent[]): Promise<void>;
  /**
   * Queues on the connection's lanes, in seq order, one page of its recorded rows after `afterSeq` (those `skip`
   * does not name). Each row is processed only while `fenced()` holds; one that is not stays recorded.
   */
  queueRecorded(
    connection: ConnectionRef,
    page: {
      afterSeq: string;
      limit: number;
      skip: (id: string) => boolean;
      fenced: () => boolean;
      session?: ChannelSession;
      /** A queued row's turn is over (processed, or left recorded by the fence). */
      processed: (id: string) => void;
    },
  ): Promise<RecordedPage>;
  /** Resolves when everything queued is processed (shutdown). */
  drain(): Promise<void>;
}

export const INBOUND_SINK = Symbol('INBOUND_SINK');
