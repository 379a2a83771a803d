import type { InboundCall, InboundMessage } from '../../channels/channel-provider.js';

/** Media of an inbound message, already fetched and stored when the event is recorded. */
export interface RecordedMedia {
  mimetype: string;
  fileName: string | null;
  /** Storage path, or null when the download failed (the message is still kept, without the file). */
  path: string | null;
  /** Audio length in seconds, as the sender's app stated it (absent in events recorded before it was kept). */
  seconds?: number | null;
}

/** An inbound message as recorded in the inbox: plain JSON, media already in storage. */
export type RecordedMessage = Omit<InboundMessage, 'media' | 'timestamp'> & { timestamp: string; media: RecordedMedia | null };

export type InboxEvent =
  | { kind: 'message'; message: RecordedMessage }
  | { kind: 'ack'; providerId: string; ack: number }
  | { kind: 'edit'; providerId: string; body: string; editedAt: string }
  | { kind: 'revoke'; providerId: string }
  | { kind: 'call'; call: Omit<InboundCall, 'timestamp'> & { timestamp: string } };

/**
 * PostgreSQL text and jsonb cannot hold U+0000; a customer's text that carries it is kept with the character removed
 * rather than refused.
 */
export function withoutNul<T>(value: T): T {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what PostgreSQL text refuses
  if (typeof value === 'string') return value.replace(/\u0000/g, '') as T;
  if (Array.isArray(value)) return value.map(withoutNul) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutNul(v)])) as T;
  }
  return value;
}

export function recordMessage(message: InboundMessage, media: RecordedMedia | null): RecordedMessage {
  const { media: _media, timestamp, ...rest } = message;
  return withoutNul({ ...rest, timestamp: timestamp.toISOString(), media });
}

export function restoreMessage(recorded: RecordedMessage): Omit<InboundMessage, 'media'> & { media: RecordedMedia | null } {
  return { ...recorded, timestamp: new Date(recorded.timestamp) };
}
