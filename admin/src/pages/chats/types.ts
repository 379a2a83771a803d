/** A member of an internal chat, with their own unread count. */
export interface ChatMember {
  userId: number;
  unreads: number;
  user: { id: number; name: string };
}

/** GET /api/chats/{id}. */
export interface Chat {
  id: number;
  uuid: string;
  title: string;
  ownerId: number;
  lastMessage: string | null;
  createdAt: string;
  updatedAt: string;
  users: ChatMember[];
}

export interface ChatMessage {
  id: number;
  chatId: number;
  message: string;
  senderId: number;
  sender: { id: number; name: string };
  createdAt: string;
}

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
