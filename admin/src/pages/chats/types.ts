import type { ChatMessageResponse, ChatResponse } from '../../../../src/shared/api-types';

/** GET /api/chats/{id}: the server's response type, shared. */
export type Chat = ChatResponse;

export type ChatMessage = ChatMessageResponse;

/** The spec's list dialect: one page and whether more exist. */
export interface ChatPage<T> {
  records: T[];
  count: number;
  hasMore: boolean;
}

/** `company-{id}-chat`, delivered only to the chat's members. */
export type ChatEvent =
  | { action: 'create' | 'update'; chat: Chat }
  | { action: 'delete'; chatId: number }
  | { action: 'new-message'; chat: Chat; newMessage: ChatMessage };

/** What the dialog sends on create and edit. */
export interface ChatForm {
  title: string;
  users: { id: number }[];
}

export interface UserOption {
  id: number;
  name: string;
}
