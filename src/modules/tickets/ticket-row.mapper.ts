import type { MessagePreview } from '../../shared/message-preview.js';
import type { TicketStatus } from '../../shared/permissions.js';
import type { TicketResponse } from './ticket.mapper.js';

/** A ticket as the inbound statement returns it (snake_case JSON, with the names the events need). */
export interface TicketRow {
  id: number;
  uuid: string;
  status: TicketStatus;
  contact_id: number;
  user_id: number | null;
  queue_id: number | null;
  whatsapp_id: number | null;
  last_message: string | null;
  last_message_at: string;
  last_message_preview: MessagePreview | null;
  unread_messages: number;
  is_group: boolean;
  chatbot: boolean;
  use_integration: boolean;
  integration_id: number | null;
  prompt_id: number | null;
  protocol: string;
  created_at: string;
  updated_at: string;
  /** The closing rating question waits for the customer's answer (server-side only). */
  rating_pending?: boolean;
  contact: { id: number; uuid: string; name: string; number: string; profile_pic_url: string | null; profile_pic_updated_at: string | null; is_group: boolean };
  queue: { id: number; name: string; color: string } | null;
  user: { id: number; name: string } | null;
  whatsapp: { id: number; name: string } | null;
}

const iso = (value: string) => new Date(value).toISOString();

/** Same shape as `toTicketResponse`, without hydrating entities on the hot path. */
export function toTicketResponseFromRow(row: TicketRow): TicketResponse {
  return {
    id: row.id,
    uuid: row.uuid,
    status: row.status,
    contactId: row.contact_id,
    userId: row.user_id,
    queueId: row.queue_id,
    whatsappId: row.whatsapp_id,
    lastMessage: row.last_message,
    lastMessageAt: iso(row.last_message_at),
    lastMessagePreview: row.last_message_preview,
    unreadMessages: row.unread_messages,
    isGroup: row.is_group,
    chatbot: row.chatbot,
    useIntegration: row.use_integration,
    integrationId: row.integration_id,
    promptId: row.prompt_id,
    protocol: row.protocol,
    ratingPending: row.rating_pending ?? false,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    contact: {
      id: row.contact.id,
      name: row.contact.name,
      number: row.contact.number,
      profilePicUrl: row.contact.profile_pic_url,
      isGroup: row.contact.is_group,
    },
    queue: row.queue,
    user: row.user,
    whatsapp: row.whatsapp,
  };
}
