import type { ChatMessageResponse, ChatResponse } from '../../shared/api-types.js';
import type { ChatMessage } from './chat-message.entity.js';
import type { Chat } from './chat.entity.js';

export type { ChatMessageResponse, ChatResponse };

/** Expects users.user populated. */
export function toChatResponse(chat: Chat): ChatResponse {
  return {
    id: chat.id,
    uuid: chat.uuid,
    title: chat.title,
    ownerId: chat.owner.id,
    lastMessage: chat.lastMessage,
    createdAt: chat.createdAt.toISOString(),
    updatedAt: chat.updatedAt.toISOString(),
    users: chat.users
      .getItems()
      .map((member) => ({ userId: member.user.id, unreads: member.unreads, user: { id: member.user.id, name: member.user.getEntity().name } }))
      .sort((a, b) => a.user.name.localeCompare(b.user.name)),
  };
}

/** Expects sender populated. */
export function toChatMessageResponse(message: ChatMessage): ChatMessageResponse {
  const sender = message.sender.getEntity();
  return {
    id: message.id,
    chatId: message.chat.id,
    message: message.message,
    senderId: sender.id,
    sender: { id: sender.id, name: sender.name },
    createdAt: message.createdAt.toISOString(),
  };
}
