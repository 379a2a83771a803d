import type { Message, QuotedMessage } from './types';

const time = (message: Message) => new Date(message.createdAt).getTime();

/** Oldest first; equal times by id (the server's keyset order). */
export const byCreation = (a: Message, b: Message) => time(a) - time(b) || a.id - b.id;

/** Merges messages into a sorted list: known ids are replaced, new ones inserted in order. */
export function mergeMessages(list: Message[], incoming: Message[]): Message[] {
  if (!incoming.length) return list;
  const byId = new Map(list.map((message) => [message.id, message]));
  for (const message of incoming) {
    const known = byId.get(message.id);
    // An answer can arrive after the live updates it predates: the newer version wins and acks never go back.
    const newer = known && Date.parse(known.updatedAt) > Date.parse(message.updatedAt) ? { ...message, ...known } : { ...known, ...message };
    // Live payloads may carry only quotedMsgId: keep a quote already resolved.
    byId.set(message.id, { ...newer, ack: Math.max(known?.ack ?? 0, message.ack), quotedMsg: message.quotedMsg ?? known?.quotedMsg ?? null });
  }
  return [...byId.values()].sort(byCreation);
}

/** The quoted message of `message`: its own quotedMsg, else the loaded message its quotedMsgId points to. */
export function resolveQuote(message: Message, byId: Map<number, Message>): QuotedMessage | null {
  if (message.quotedMsg) return message.quotedMsg;
  const quoted = message.quotedMsgId ? byId.get(message.quotedMsgId) : undefined;
  if (!quoted) return null;
  return { id: quoted.id, body: quoted.body, fromMe: quoted.fromMe, mediaType: quoted.mediaType, senderName: quoted.senderName ?? null };
}

export type MessageRow =
  | { kind: 'day'; key: string; date: string }
  | { kind: 'ticketChange'; key: string; closedAt: string; openedAt: string }
  | { kind: 'message'; key: string; message: Message };

/** The rendered rows: a day divider when the day changes, the ticket markers where the ticket changes. */
export function messageRows(messages: Message[], dayOf: (iso: string) => string): MessageRow[] {
  const rows: MessageRow[] = [];
  let previous: Message | undefined;
  for (const message of messages) {
    if (previous && previous.ticketId !== message.ticketId) {
      rows.push({ kind: 'ticketChange', key: `change-${message.id}`, closedAt: previous.createdAt, openedAt: message.createdAt });
    }
    if (!previous || dayOf(previous.createdAt) !== dayOf(message.createdAt)) {
      rows.push({ kind: 'day', key: `day-${message.id}`, date: message.createdAt });
    }
    rows.push({ kind: 'message', key: `message-${message.id}`, message });
    previous = message;
  }
  return rows;
}
