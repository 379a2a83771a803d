import { describe, expect, it } from '@jest/globals';
import { mergeMessages, messageRows } from './messageOrder';
import { dayKey } from './timeLabels';
import type { Message } from './types';

const message = (id: number, ticketId: number, createdAt: string, overrides: Partial<Message> = {}): Message => ({
  id,
  ticketId,
  contactId: 1,
  whatsappId: 1,
  providerId: `p${id}`,
  body: `m${id}`,
  fromMe: false,
  read: true,
  ack: 0,
  mediaType: 'chat',
  mediaUrl: null,
  mediaName: null,
  quotedMsgId: null,
  isDeleted: false,
  isEdited: false,
  participant: null,
  senderName: null,
  createdAt,
  updatedAt: createdAt,
  ...overrides,
});

describe('mergeMessages', () => {
  it('orders by time then id and replaces known ids (acks, edits)', () => {
    const list = [message(2, 1, '2026-01-01T10:01:00Z'), message(1, 1, '2026-01-01T10:00:00Z')];
    const merged = mergeMessages(mergeMessages([], list), [message(2, 1, '2026-01-01T10:01:00Z', { ack: 3 }), message(3, 1, '2026-01-01T10:00:30Z')]);
    expect(merged.map((m) => m.id)).toEqual([1, 3, 2]);
    expect(merged.at(-1)?.ack).toBe(3);
  });
});

describe('messageRows', () => {
  it('puts day dividers on day changes and ticket markers where the ticket changes', () => {
    const rows = messageRows(
      [
        message(1, 7, new Date(2026, 0, 1, 10).toISOString()),
        message(2, 7, new Date(2026, 0, 1, 11).toISOString()),
        message(3, 9, new Date(2026, 0, 2, 9).toISOString()),
      ],
      dayKey,
    );
    expect(rows.map((row) => row.kind)).toEqual(['day', 'message', 'message', 'ticketChange', 'day', 'message']);
  });
});

describe('mergeMessages with late answers', () => {
  it('never lets an older copy lower the ack or undo an edit', () => {
    const base = {
      id: 1,
      ticketId: 1,
      body: 'oi',
      fromMe: true,
      ack: 3,
      isEdited: false,
      createdAt: '2026-01-01T10:00:00.000Z',
      updatedAt: '2026-01-01T10:00:01.000Z',
    };
    const late = { ...base, ack: 0, updatedAt: '2026-01-01T10:00:00.000Z' };
    const [merged] = mergeMessages([base as never], [late as never]);
    expect(merged!.ack).toBe(3);
    expect(merged!.updatedAt).toBe('2026-01-01T10:00:01.000Z');
  });
});
