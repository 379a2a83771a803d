import type { ChannelSession, ConnectionRef, InboundCall, InboundMessage } from './channel-provider.js';

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
  /** Resolves when everything queued is processed (shutdown). */
  drain(): Promise<void>;
}

export const INBOUND_SINK = Symbol('INBOUND_SINK');
