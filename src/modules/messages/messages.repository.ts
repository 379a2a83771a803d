import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { fieldError } from '../../common/errors/app-error.js';
import { HotPathPool, prepared } from '../../infra/database/pg-pool.js';
import { tenantSql } from '../../infra/database/sql.js';
import type { MessageRow } from './message.mapper.js';

export const MESSAGE_PAGE_SIZE = 20;

export type MessageWithQuote = MessageRow & {
  quoted: { id: number; body: string; from_me: boolean; media_type: string; sender_name: string | null } | null;
};

export interface MessagePage {
  /** Each message as the API's JSON text (ConversationMessageResponse), oldest first as the conversation shows them. */
  json: string[];
  hasMore: boolean;
  cursor: string | null;
}

interface Cursor {
  createdAt: string;
  id: number;
}

/** What the cursor's time must look like before PostgreSQL reads it (Date.parse accepts far more). */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

function decodeCursor(value: string): Cursor {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as [string, number];
    if (typeof createdAt !== 'string' || !ISO_UTC.test(createdAt) || !Number.isInteger(id) || Number.isNaN(Date.parse(createdAt)))
      throw new Error('bad cursor');
    return { createdAt, id };
  } catch {
    throw fieldError('cursor', 'invalid cursor');
  }
}

const encodeCursor = (createdAt: string, id: number) => Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');

/** A page row: the message as the API's JSON text, its id, and its time to the microsecond for the next cursor. */
interface PageRow {
  json: string;
  id: number;
  cursor_at: string;
}

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A message with its quoted block exactly as the API answers it (ConversationMessageResponse; see toMessageResponse),
 * built by PostgreSQL and sent as text: Node neither parses nor re-encodes a page's rows.
 */
const MESSAGE_API_JSON = `json_build_object(
  'id', m.id, 'ticketId', m.ticket_id, 'contactId', m.contact_id, 'whatsappId', m.whatsapp_id, 'providerId', m.provider_id,
  'body', m.body, 'fromMe', m.from_me, 'read', m.read, 'ack', m.ack, 'mediaType', m.media_type,
  'mediaUrl', case when m.media_path is null or m.media_path = '' then null else '/public/' || m.media_path end,
  'mediaName', m.media_name, 'mediaSeconds', m.media_seconds, 'quotedMsgId', m.quoted_msg_id, 'isDeleted', m.is_deleted,
  'isEdited', m.is_edited, 'participant', m.participant, 'senderName', m.sender_name,
  'sendError', case when coalesce(m.send_error_code, '') = '' then null
                    else json_build_object('code', m.send_error_code, 'detail', coalesce(m.send_error, '')) end,
  'createdAt', ${iso('m.created_at')}, 'updatedAt', ${iso('m.updated_at')},
  'quotedMsg', case when q.id is null then null
                    else json_build_object('id', q.id, 'body', q.body, 'fromMe', q.from_me, 'mediaType', q.media_type, 'senderName', q.sender_name) end)::text`;

const PAGE_COLUMNS = `m.id, m.ticket_id, m.contact_id, m.whatsapp_id, m.provider_id, m.body, m.from_me, m.read, m.ack, m.media_type,
  m.media_path, m.media_name, m.media_seconds, m.quoted_msg_id, m.is_deleted, m.is_edited, m.participant, m.sender_name, m.created_at,
  m.updated_at, m.send_error_code, m.send_error`;

/**
 * One page of a conversation: the contact's tickets on this connection up to this one, and from each the newest
 * messages before the cursor by an index range scan backwards on (company_id, ticket_id, created_at, id), so a page
 * reads at most a page per ticket whatever its depth. The cursor keeps microseconds: a JS Date would round them and
 * skip messages that share a millisecond.
 */
function pageSql(withCursor: boolean): string {
  return `select ${MESSAGE_API_JSON} as json, m.id, to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at
  from (select m.* from tickets t
          cross join lateral (select ${PAGE_COLUMNS} from messages m
                               where m.company_id = ? and m.ticket_id = t.id${withCursor ? ' and (m.created_at, m.id) < (?::timestamptz, ?::int)' : ''}
                               order by m.created_at desc, m.id desc limit ?::int) m
         where t.company_id = ? and t.contact_id = ? and t.whatsapp_id is not distinct from ?::int and t.id <= ?
         order by m.created_at desc, m.id desc limit ?::int) m
  left join messages q on q.company_id = ? and q.id = m.quoted_msg_id
 order by m.created_at desc, m.id desc`;
}

/** The connection's provider and the customer's last message on it (the Cloud API's service window); every page reads it. */
const WINDOW_OF = prepared(
  'message_window_of',
  `select w.provider,
          (select m.created_at from messages m
            where m.company_id = ? and m.contact_id = ? and m.whatsapp_id = w.id and not m.from_me
            order by m.created_at desc limit 1) as last_inbound_at
     from whatsapps w where w.company_id = ? and w.id = ?`,
  { plan: 'generic' },
);

const FIRST_PAGE = prepared('message_page_first', pageSql(false));
const NEXT_PAGE = prepared('message_page_next', pageSql(true));

/** Conversation reads: keyset pages (createdAt, id) backwards, never OFFSET. */
@Injectable()
export class MessagesRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly hot: HotPathPool,
  ) {}

  private sql(companyId: number) {
    return tenantSql(this.em.getConnection(), companyId);
  }

  /** This ticket's messages, then the contact's earlier tickets on the same connection; one prepared statement. */
  async page(companyId: number, ticket: { id: number; contactId: number; whatsappId: number | null }, cursor?: string): Promise<MessagePage> {
    const after = cursor ? decodeCursor(cursor) : null;
    const limit = MESSAGE_PAGE_SIZE + 1;
    const conversation = [companyId, ticket.contactId, ticket.whatsappId, ticket.id, limit, companyId];
    const rows = await tenantSql(this.hot, companyId).all<PageRow>(
      after ? NEXT_PAGE : FIRST_PAGE,
      after ? [companyId, after.createdAt, after.id, limit, ...conversation] : [companyId, limit, ...conversation],
    );
    const hasMore = rows.length > MESSAGE_PAGE_SIZE;
    if (hasMore) rows.length = MESSAGE_PAGE_SIZE;
    const last = rows.at(-1);
    const json: string[] = new Array(rows.length);
    for (let i = 0; i < rows.length; i += 1) json[rows.length - 1 - i] = rows[i]!.json;
    return { json, hasMore, cursor: hasMore && last ? encodeCursor(last.cursor_at, last.id) : null };
  }

  /** The fields a quoted block shows. */
  async quoted(companyId: number, id: number): Promise<{ id: number; body: string; from_me: boolean; media_type: string; sender_name: string | null } | null> {
    const rows = await this.sql(companyId).all<{ id: number; body: string; from_me: boolean; media_type: string; sender_name: string | null }>(
      'select id, body, from_me, media_type, sender_name from messages where company_id = ? and id = ?',
      [companyId, id],
    );
    return rows[0] ?? null;
  }

  async one(companyId: number, id: number): Promise<MessageRow | null> {
    const rows = await this.sql(companyId).all<MessageRow>('select * from messages where company_id = ? and id = ?', [companyId, id]);
    return rows[0] ?? null;
  }

  /** The jid the customer last wrote from in this ticket (LID chats differ from the number). */
  async companyTimeZone(companyId: number): Promise<string> {
    const rows = await this.sql(companyId).all<{ timezone: string }>('select timezone from companies where id = ?', [companyId]);
    return rows[0]?.timezone ?? 'America/Sao_Paulo';
  }

  /**
   * A conversation's connection provider and the customer's last message on that connection (the Cloud API's
   * service window), in one read: the newest inbound row comes from the (company, contact, created_at) index.
   */
  async windowOf(companyId: number, whatsappId: number, contactId: number): Promise<{ provider: string; last_inbound_at: Date | null } | null> {
    const rows = await tenantSql(this.hot, companyId).all<{ provider: string; last_inbound_at: Date | null }>(WINDOW_OF, [
      companyId,
      contactId,
      companyId,
      whatsappId,
    ]);
    return rows[0] ?? null;
  }

  async lastRemoteJid(companyId: number, ticketId: number): Promise<string | null> {
    const rows = await this.sql(companyId).all<{ remote_jid: string }>(
      'select remote_jid from messages where company_id = ? and ticket_id = ? and not from_me order by created_at desc, id desc limit 1',
      [companyId, ticketId],
    );
    return rows[0]?.remote_jid ?? null;
  }

  /**
   * Our earlier reactions to a message, replaced by a newer one of ours (`keepId`): deleted, answered for the socket.
   * Read through the (company, contact) index: they may sit in an earlier ticket of the conversation.
   */
  async dropOurReactions(companyId: number, where: { contactId: number; whatsappId: number; targetId: number; keepId: number }): Promise<MessageRow[]> {
    return this.sql(companyId).all<MessageRow>(
      `delete from messages
        where company_id = ? and contact_id = ? and whatsapp_id = ? and quoted_msg_id = ? and from_me
          and media_type = 'reactionMessage' and id <> ?
       returning *`,
      [companyId, where.contactId, where.whatsappId, where.targetId, where.keepId],
    );
  }

  /** Reading a ticket: its customer messages become read; answers their keys for the read receipts. */
  async markRead(companyId: number, ticketId: number): Promise<Array<{ provider_id: string; remote_jid: string; participant: string | null }>> {
    return this.sql(companyId).all<{ provider_id: string; remote_jid: string; participant: string | null }>(
      `update messages set read = true where company_id = ? and ticket_id = ? and not read and not from_me returning provider_id, remote_jid, participant`,
      [companyId, ticketId],
    );
  }
}
