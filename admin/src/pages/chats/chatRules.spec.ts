import { describe, expect, it } from '@jest/globals';
import { mergeChats, mergeMessages, otherMembers, totalUnreads, unreadsOf, upsertChat } from './chatRules';
import type { Chat, ChatMessage } from './types';

const member = (userId: number, name: string, unreads = 0) => ({ userId, unreads, user: { id: userId, name } });
const chat = (id: number, updatedAt: string, users = [member(1, 'Ana'), member(2, 'Bruno', 3)]): Chat => ({
  id,
  uuid: `uuid-${id}`,
  title: `Chat ${id}`,
  ownerId: 1,
  lastMessage: null,
  createdAt: updatedAt,
  updatedAt,
  users,
});
const message = (id: number, createdAt: string): ChatMessage => ({ id, chatId: 1, message: `m${id}`, senderId: 1, sender: { id: 1, name: 'Ana' }, createdAt });

describe('internal chat rules', () => {
  it('counts the unreads of the signed-in user only', () => {
    const chats = [chat(1, '2026-01-01T10:00:00Z'), chat(2, '2026-01-01T11:00:00Z', [member(2, 'Bruno', 4), member(3, 'Caio', 9)])];
    expect(unreadsOf(chats[0]!, 2)).toBe(3);
    expect(unreadsOf(chats[0]!, 7)).toBe(0);
    expect(totalUnreads(chats, 2)).toBe(7);
  });

  it('keeps the most recent activity first when a chat is added or replaced', () => {
    const old = chat(1, '2026-01-01T10:00:00Z');
    const newer = chat(2, '2026-01-01T11:00:00Z');
    expect(upsertChat([newer, old], { ...old, updatedAt: '2026-01-01T12:00:00Z' }).map((item) => item.id)).toEqual([1, 2]);
    expect(upsertChat([], old)).toHaveLength(1);
  });

  it('merges a page without duplicating chats a live event brought first', () => {
    const live = chat(3, '2026-01-02T10:00:00Z');
    expect(mergeChats([live], [live, chat(1, '2026-01-01T10:00:00Z')]).map((item) => item.id)).toEqual([3, 1]);
  });

  it('names the other members', () => {
    expect(otherMembers(chat(1, '2026-01-01T10:00:00Z', [member(1, 'Ana'), member(2, 'Bruno'), member(3, 'Caio')]), 1)).toBe('Bruno, Caio');
  });

  it('keeps messages chronological and the sender echo once', () => {
    const page1 = [message(21, '2026-01-01T10:21:00Z'), message(22, '2026-01-01T10:22:00Z')];
    const older = [message(1, '2026-01-01T10:01:00Z')];
    const merged = mergeMessages(mergeMessages(page1, older), [message(22, '2026-01-01T10:22:00Z'), message(23, '2026-01-01T10:23:00Z')]);
    expect(merged.map((item) => item.id)).toEqual([1, 21, 22, 23]);
  });
});
