import type { MessageResponse } from '../../shared/api-types.js';

/** Declared once in src/shared/api-types.ts, where the browser reads them too. */
export type { MessageResponse };
/** Raw row of the messages table, as the inbound repository returns it. */
export interface MessageRow {
  id: number;
  ticket_id: number;
  contact_id: number | null;
  whatsapp_id: number | null;
  provider_id: string;
  /** The chat's jid; absent from rows read without it. */
  remote_jid?: string;
  body: string;
  from_me: boolean;
  read: boolean;
  ack: number;
  media_type: string;
  media_path: string | null;
  media_name: string | null;
  media_seconds: number | null;
  quoted_msg_id: number | null;
  is_deleted: boolean;
  is_edited: boolean;
  participant: string | null;
  sender_name: string | null;
  /** Absent from rows read before the columns existed in the select. */
  send_error_code?: string | null;
  send_error?: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** Media is served under /public/ by its generated path. */
export const mediaUrlOf = (path: string | null): string | null => (path ? `/public/${path}` : null);

export function toMessageResponse(row: MessageRow): MessageResponse {
  return {
    id: row.id,
    ticketId: row.ticket_id,
    contactId: row.contact_id,
    whatsappId: row.whatsapp_id,
    providerId: row.provider_id,
    body: row.body,
    fromMe: row.from_me,
    read: row.read,
    ack: row.ack,
    mediaType: row.media_type,
    mediaUrl: mediaUrlOf(row.media_path),
    mediaName: row.media_name,
    mediaSeconds: row.media_seconds ?? null,
    quotedMsgId: row.quoted_msg_id,
    isDeleted: row.is_deleted,
    isEdited: row.is_edited,
    participant: row.participant,
    senderName: row.sender_name,
    sendError: row.send_error_code ? { code: row.send_error_code, detail: row.send_error ?? '' } : null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}
