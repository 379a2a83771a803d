import type { Chat, ChatMessage } from './types';

/** The signed-in user's unread count in a chat. */
export const unreadsOf = (chat: Chat, userId: number | undefined): number => chat.users.find((member) => member.userId === userId)?.unreads ?? 0;

export const totalUnreads = (chats: Chat[], userId: number | undefined): number => chats.reduce((sum, chat) => sum + unreadsOf(chat, userId), 0);

const byActivity = (a: Chat, b: Chat) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id;

/** Adds or replaces a chat and keeps the most recent activity first. */
export function upsertChat(chats: Chat[], chat: Chat): Chat[] {
  return [...chats.filter((known) => known.id !== chat.id), chat].sort(byActivity);
}

/** Merges a page into the known chats (a live event may already have brought some of them). */
export function mergeChats(chats: Chat[], page: Chat[]): Chat[] {
  const known = new Set(chats.map((chat) => chat.id));
  return [...chats, ...page.filter((chat) => !known.has(chat.id))].sort(byActivity);
}

/** Member names other than the signed-in user, for the list's subtitle and the pane's header. */
export const otherMembers = (chat: Chat, userId: number | undefined): string =>
  chat.users
    .filter((member) => member.userId !== userId)
    .map((member) => member.user.name)
    .join(', ');

/** Adds messages to the history in chronological order; one already known (the sender's own echo) is kept once. */
export function mergeMessages(messages: ChatMessage[], added: ChatMessage[]): ChatMessage[] {
  const byId = new Map(messages.map((message) => [message.id, message]));
  for (const message of added) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
}
