import { api } from '../../providers/httpClient';
import type { Chat, ChatForm, ChatMessage, ChatPage, UserOption } from './types';

/** The internal chat's calls (campaigns §7), relative to /api. */
export const chatApi = {
  list: (pageNumber: number) => api.get<ChatPage<Chat>>('/chats', { pageNumber }),
  get: (id: number) => api.get<Chat>(`/chats/${id}`),
  create: (form: ChatForm) => api.post<Chat>('/chats', form),
  update: (id: number, form: Partial<ChatForm>) => api.put<Chat>(`/chats/${id}`, form),
  remove: (id: number) => api.delete<void>(`/chats/${id}`),
  markRead: (id: number) => api.post<Chat>(`/chats/${id}/read`),
  messages: (id: number, pageNumber: number) => api.get<ChatPage<ChatMessage>>(`/chats/${id}/messages`, { pageNumber }),
  send: (id: number, message: string) => api.post<ChatMessage>(`/chats/${id}/messages`, { message }),
  users: () => api.get<UserOption[]>('/users/list'),
};

/** Chat request failures are silently ignored (campaigns §8): the console keeps them for whoever debugs. */
export function ignoreFailure(error: unknown): undefined {
  console.error('internal chat request failed', error);
  return undefined;
}
