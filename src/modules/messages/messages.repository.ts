import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { fieldError } from '../../common/errors/app-error.js';
import { tenantSql } from '../../infra/database/sql.js';
import type { MessageRow } from './message.mapper.js';

export const MESSAGE_PAGE_SIZE = 20;

export type MessageWithQuote = MessageRow & {
  quoted: { id: number; body: string; from_me: boolean; media_type: string; sender_name: string | null } | null;
};

export interface MessagePage {
  rows: MessageWithQuote[];
  hasMore: boolean;
  cursor: string | null;
}

interface Cursor {
  createdAt: string;
  id: number;
}

function decodeCursor(value: string): Cursor {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as [string, number];
    if (typeof createdAt !== 'string' || !Number.isInteger(id) || Number.isNaN(Date.parse(createdAt))) throw new Error('bad cursor');
    return { createdAt, id };
  } catch {
    throw fieldError('cursor', 'invalid cursor');
  }
}

/** Conversation reads: keyset pages (createdAt, id) backwards, never OFFSET. */
@Injectable()
export class MessagesRepository {
  constructor(private readonly em: EntityManager) {}

  private sql(companyId: number) {
    return tenantSql(this.em.getConnection(), companyId);
  }

  /** This ticket's messages, then the contact's earlier tickets on the same connection. */
  async page(companyId: number, ticket: { id: number; contactId: number; whatsappId: number | null }, cursor?: string): Promise<MessagePage> {
    const after = cursor ? decodeCursor(cursor) : null;
    const rows = await this.sql(companyId).all<MessageWithQuote>(
      `select m.*, case when q.id is null then null else json_build_object('id', q.id, 'body', q.body, 'from_me', q.from_me,
                    'media_type', q.media_type, 'sender_name', q.sender_name) end as quoted
         from messages m left join messages q on q.id = m.quoted_msg_id
        where m.company_id = ?
          and m.ticket_id in (select t.id from tickets t where t.company_id = ? and t.contact_id = ? and t.whatsapp_id is not distinct from ? and t.id <= ?)
          ${after ? 'and (m.created_at, m.id) < (?::timestamptz, ?)' : ''}
        order by m.created_at desc, m.id desc
        limit ?`,
      [companyId, companyId, ticket.contactId, ticket.whatsappId, ticket.id, ...(after ? [after.createdAt, after.id] : []), MESSAGE_PAGE_SIZE + 1],
    );
    const page = rows.slice(0, MESSAGE_PAGE_SIZE);
    const hasMore = rows.length > MESSAGE_PAGE_SIZE;
    const last = page.at(-1);
    const next = hasMore && last ? Buffer.from(JSON.stringify([new Date(last.created_at).toISOString(), last.id])).toString('base64url') : null;
    return { rows: page.reverse(), hasMore, cursor: next };
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

  async lastRemoteJid(companyId: number, ticketId: number): Promise<string | null> {
    const rows = await this.sql(companyId).all<{ remote_jid: string }>(
      'select remote_jid from messages where company_id = ? and ticket_id = ? and not from_me order by created_at desc, id desc limit 1',
      [companyId, ticketId],
    );
    return rows[0]?.remote_jid ?? null;
  }

  /** Reading a ticket: its customer messages become read; answers their keys for the read receipts. */
  async markRead(companyId: number, ticketId: number): Promise<Array<{ provider_id: string; remote_jid: string; participant: string | null }>> {
    return this.sql(companyId).all<{ provider_id: string; remote_jid: string; participant: string | null }>(
      `update messages set read = true where company_id = ? and ticket_id = ? and not read and not from_me returning provider_id, remote_jid, participant`,
      [companyId, ticketId],
    );
  }
}
