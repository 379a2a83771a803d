import type { ContactWhatsappCheckResponse, MessageTemplateResponse } from '../../../../src/shared/api-types';
import { api, API_URL, httpClient } from '../../providers/httpClient';
import type {
  ConnectionOption,
  Message,
  MessagePage,
  QueueOption,
  QuickMessage,
  Tag,
  TagRef,
  Ticket,
  TicketCounts,
  TicketNote,
  TicketPage,
  TicketStatus,
  UserOption,
} from './types';

export interface TicketQuery {
  status?: TicketStatus;
  searchParam?: string;
  tags?: number[];
  users?: number[];
  queueIds?: number[];
  showAll?: boolean;
  withUnreadMessages?: boolean;
  cursor?: string | null;
  pageNumber?: number;
}

const json = (ids: number[] | undefined) => (ids?.length ? JSON.stringify(ids) : undefined);

/** Arrays answered either bare or under a key. */
export const listOf = <T>(answer: unknown, key?: string): T[] => {
  if (Array.isArray(answer)) return answer as T[];
  const inner = key ? (answer as Record<string, unknown> | undefined)?.[key] : undefined;
  return Array.isArray(inner) ? (inner as T[]) : [];
};

/** The tickets screen's calls, as custom methods of the dataProvider (useDataProvider<AppDataProvider>()). */
export const ticketMethods = {
  getTicketPage: (query: TicketQuery) =>
    api.get<TicketPage>('/tickets', {
      status: query.status,
      searchParam: query.searchParam || undefined,
      tags: json(query.tags),
      users: json(query.users),
      queueIds: json(query.queueIds),
      showAll: query.showAll ? 'true' : undefined,
      withUnreadMessages: query.withUnreadMessages ? 'true' : undefined,
      cursor: query.cursor ?? undefined,
      pageNumber: query.cursor ? undefined : (query.pageNumber ?? 1),
    }),
  getTicketCounts: (query: { queueIds?: number[]; showAll?: boolean }) =>
    api.get<TicketCounts>('/tickets/counts', { queueIds: json(query.queueIds), showAll: query.showAll ? 'true' : undefined }),
  /** A digits-only route parameter is an id, anything else a uuid. */
  getTicketByRoute: (idOrUuid: string | number) =>
    /^\d+$/.test(String(idOrUuid)) ? api.get<Ticket>(`/tickets/${idOrUuid}`) : api.get<Ticket>(`/tickets/u/${idOrUuid}`),
  openTicket: (body: { contactId: number; queueId: number | null; whatsappId: number | null; userId: number; status: 'open' }) =>
    api.post<Ticket>('/tickets', body),
  /** Accept, transfer, return, finish, reopen, integration switches: PUT /tickets/{id}. */
  changeTicket: (id: number, body: Partial<Pick<Ticket, 'status' | 'userId' | 'queueId' | 'whatsappId' | 'useIntegration' | 'promptId' | 'integrationId'>>) =>
    api.put<Ticket>(`/tickets/${id}`, body),
  deleteTicket: (id: number) => api.delete(`/tickets/${id}`),

  getMessagePage: (ticketId: number, cursor?: string | null) => api.get<MessagePage>(`/messages/${ticketId}`, { cursor: cursor ?? undefined }),
  /** The approved templates of the conversation's connection (WhatsApp Cloud API). */
  getTicketTemplates: (ticketId: number) => api.get<MessageTemplateResponse[]>(`/messages/${ticketId}/templates`),
  sendTemplateMessage: (ticketId: number, body: { templateId: number; variables: string[]; headerMediaUrl?: string }) =>
    api.post<Message>(`/messages/${ticketId}/template`, body),
  sendTextMessage: (ticketId: number, body: string, quotedMsgId: number | null) =>
    api.post<Message | Message[]>(`/messages/${ticketId}`, { body, quotedMsg: quotedMsgId ? { id: quotedMsgId } : null }),
  /** Multipart: `medias` (files) and `body`. */
  sendMediaMessage: async (ticketId: number, files: File[], body: string, quotedMsgId?: number | null) => {
    const data = new FormData();
    for (const file of files) data.append('medias', file, file.name);
    data.append('body', body);
    if (quotedMsgId) data.append('quotedMsg', JSON.stringify({ id: quotedMsgId }));
    const response = await httpClient<Message | Message[]>(`${API_URL}/messages/${ticketId}`, { method: 'POST', body: data });
    return response.json;
  },
  /** A recording from the composer: the server sends it as a WhatsApp voice note (Ogg/Opus, push-to-talk). */
  sendVoiceNote: async (ticketId: number, file: File, quotedMsgId?: number | null) => {
    const data = new FormData();
    data.append('medias', file, file.name);
    data.append('voiceNote', 'true');
    if (quotedMsgId) data.append('quotedMsg', JSON.stringify({ id: quotedMsgId }));
    const response = await httpClient<Message | Message[]>(`${API_URL}/messages/${ticketId}`, { method: 'POST', body: data });
    return response.json;
  },
  /** A file list into the conversation: its message and each option's file. */
  sendFileList: (ticketId: number, fileListId: number) => api.post<Message[]>(`/messages/${ticketId}/file-list/${fileListId}`),
  editMessage: (messageId: number, body: string) => api.post<Message>(`/messages/edit/${messageId}`, { body }),
  deleteMessage: (messageId: number) => api.delete(`/messages/${messageId}`),
  /** Our emoji on a message ('' takes ours back); answers our stored reaction. */
  reactToMessage: (messageId: number, emoji: string) => api.post<Message>(`/messages/${messageId}/reactions`, { emoji }),

  /**
   * A shared contact card's number (digits): whether it is on WhatsApp (null when no connection could tell) and the
   * company's contact with it, checked through the conversation's connection when given.
   */
  checkWhatsappNumber: (number: string, whatsappId: number | null) =>
    api.post<ContactWhatsappCheckResponse>('/contacts/whatsapp-check', { number, ...(whatsappId ? { whatsappId } : {}) }),

  getTicketNotes: (ticketId: number, contactId: number) =>
    api.get<TicketNote[]>('/ticket-notes/list', { ticketId, contactId }).then((answer) => listOf<TicketNote>(answer, 'notes')),
  addTicketNote: (body: { note: string; ticketId: number; contactId: number }) => api.post<TicketNote>('/ticket-notes', body),
  deleteTicketNote: (id: number) => api.delete(`/ticket-notes/${id}`),

  getTagOptions: () => api.get<unknown>('/tags/list').then((answer) => listOf<Tag>(answer, 'tags')),
  syncTicketTags: (ticketId: number, tags: TagRef[]) => api.post('/tags/sync', { ticketId, tags: tags.map(({ id }) => ({ id })) }),
  getQuickMessageOptions: () => api.get<unknown>('/quick-messages/list').then((answer) => listOf<QuickMessage>(answer, 'records')),
  getQueueOptions: () => api.get<unknown>('/queue').then((answer) => listOf<QueueOption>(answer, 'queues')),
  getConnectionOptions: () => api.get<unknown>('/whatsapp').then((answer) => listOf<ConnectionOption>(answer, 'whatsapps')),
  getUserOptions: (searchParam?: string) =>
    api.get<unknown>('/users/list', { searchParam: searchParam || undefined }).then((answer) => listOf<UserOption>(answer, 'users')),
};
