import { api } from '../../providers/httpClient';
import type { Chat, ChatForm, ChatMessage, ChatPage, UserOption } from './types';

/** The internal chat's calls (campaigns §7), as custom methods of the dataProvider. */
export const chatMethods = {
  getChatPage: (pageNumber: number) => api.get<ChatPage<Chat>>('/chats', { pageNumber }),
  getChat: (id: number) => api.get<Chat>(`/chats/${id}`),
  createChat: (form: ChatForm) => api.post<Chat>('/chats', form),
  updateChat: (id: number, form: Partial<ChatForm>) => api.put<Chat>(`/chats/${id}`, form),
  deleteChat: (id: number) => api.delete<void>(`/chats/${id}`),
  markChatRead: (id: number) => api.post<Chat>(`/chats/${id}/read`),
  getChatMessagePage: (id: number, pageNumber: number) => api.get<ChatPage<ChatMessage>>(`/chats/${id}/messages`, { pageNumber }),
  sendChatMessage: (id: number, message: string) => api.post<ChatMessage>(`/chats/${id}/messages`, { message }),
  getChatUserOptions: () => api.get<UserOption[]>('/users/list'),
};

/** Chat request failures are silently ignored (campaigns §8): the console keeps them for whoever debugs. */
export function ignoreFailure(error: unknown): undefined {
  console.error('internal chat request failed', error);
  return undefined;
}
