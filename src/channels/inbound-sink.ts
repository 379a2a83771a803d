import type { ChannelSession, ConnectionRef, InboundCall, InboundMessage } from './channel-provider.js';

/** An event recorded without being processed where it arrived (a connection whose inbox one drainer processes). */
export type RecordOnlyEvent = { kind: 'message'; message: InboundMessage } | { kind: 'ack'; providerId: string; ack: number };

/** What one read of a connection's recorded rows queued (queueRecorded). */
export interface RecordedPage {
  /** Rows queued by this call, in seq order. */
  queued: string[];
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
   * Queues on the connection's lanes, in seq order, the oldest `limit` of its recorded rows that `queued` does not
   * name (rows under way). Each row is processed only while `fenced()` holds; one that is not stays recorded.
   */
  queueRecorded(
    connection: ConnectionRef,
    page: {
      queued: string[];
      limit: number;
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
