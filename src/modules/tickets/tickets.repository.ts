import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { isAdmin } from '../../authorization/auth-context.js';
import { fieldError } from '../../common/errors/app-error.js';
import { likePattern } from '../../common/list-query/list-query.js';
import { tenantSql } from '../../infra/database/sql.js';
import type { TagSummary } from '../../shared/api-types.js';
import type { TicketStatus } from '../../shared/permissions.js';
import { TicketTag } from '../tags/ticket-tag.entity.js';
import type { ListTicketsQuery } from './dto/list-tickets.query.js';
import { TICKET_JOINS, TICKET_JSON } from './ticket-json.sql.js';
import type { TicketRow } from './ticket-row.mapper.js';
import { accessibleTickets, type SqlPart } from './ticket-visibility.js';

export const TICKET_PAGE_SIZE = 40;

export interface TicketPage {
  rows: TicketRow[];
  count: number;
  hasMore: boolean;
  cursor: string | null;
}

/** Pages follow the list's order: newest last message first (accepting or transferring a ticket never moves it). */
interface Cursor {
  lastMessageAt: string;
  id: number;
}

const encodeCursor = (row: TicketRow): string => Buffer.from(JSON.stringify([row.last_message_at, row.id])).toString('base64url');

function decodeCursor(value: string): Cursor {
  try {
    const [lastMessageAt, id] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as [string, number];
    if (typeof lastMessageAt !== 'string' || !Number.isInteger(id) || Number.isNaN(Date.parse(lastMessageAt))) throw new Error('bad cursor');
    return { lastMessageAt, id };
  } catch {
    throw fieldError('cursor', 'invalid cursor');
  }
}

const ids = (values: number[]) => values.join(',');

/** What the record-level Ticket rules look at. */
export interface TicketAccessRow {
  user_id: number | null;
  queue_id: number | null;
  status: TicketStatus;
}

/** Ticket reads in SQL: one query for a page (relations joined), one for its count, one grouped query for the tabs. */
@Injectable()
export class TicketsRepository {
  constructor(private readonly em: EntityManager) {}

  private sql(companyId: number) {
    return tenantSql(this.em.getConnection(), companyId);
  }

  async page(ctx: AuthContext, query: ListTicketsQuery): Promise<TicketPage> {
    const where = this.filters(ctx, query);
    const parts: SqlPart[] = [where];
    if (query.cursor) {
      const cursor = decodeCursor(query.cursor);
      parts.push({ sql: '(t.last_message_at, t.id) < (?::timestamptz, ?)', params: [cursor.lastMessageAt, cursor.id] });
    }
    const offset = !query.cursor && query.pageNumber ? (query.pageNumber - 1) * TICKET_PAGE_SIZE : 0;
    const condition = parts.map((p) => p.sql).join(' and ');
    const params = parts.flatMap((p) => p.params);
    const sql = this.sql(ctx.companyId);
    const [rows, counted] = await Promise.all([
      sql.all<{ row: TicketRow }>(
        `select ${TICKET_JSON} as row
           from tickets t join contacts ct on ct.id = t.contact_id ${TICKET_JOINS}
          where ${condition}
          order by t.last_message_at desc, t.id desc
          limit ? offset ?`,
        [...params, TICKET_PAGE_SIZE + 1, offset],
      ),
      sql.all<{ count: number }>(`select count(*)::int as count from tickets t join contacts ct on ct.id = t.contact_id where ${where.sql}`, where.params),
    ]);
    const page = rows.slice(0, TICKET_PAGE_SIZE).map((r) => r.row);
    const hasMore = rows.length > TICKET_PAGE_SIZE;
    return { rows: page, count: counted[0]?.count ?? 0, hasMore, cursor: hasMore && page.length ? encodeCursor(page.at(-1)!) : null };
  }

  /** Open and pending counts for the tab badges, in one grouped query. */
  async counts(ctx: AuthContext, showAll: boolean, queueIds: number[] | undefined): Promise<{ open: number; pending: number }> {
    const where = this.filters(ctx, { showAll, queueIds });
    const rows = await this.sql(ctx.companyId).all<{ status: string; count: number }>(
      `select t.status, count(*)::int as count from tickets t join contacts ct on ct.id = t.contact_id
          where ${where.sql} and t.status in ('open', 'pending') group by t.status`,
      where.params,
    );
    const of = (status: string) => rows.find((r) => r.status === status)?.count ?? 0;
    return { open: of('open'), pending: of('pending') };
  }

  /** The kanban's cards: the caller's visible, not closed tickets of the given queues, newest last message first. */
  async kanban(ctx: AuthContext, showAll: boolean, queueIds: number[] | undefined, limit: number): Promise<TicketRow[]> {
    const where = this.filters(ctx, { showAll, queueIds });
    const rows = await this.sql(ctx.companyId).all<{ row: TicketRow }>(
      `select ${TICKET_JSON} as row from tickets t join contacts ct on ct.id = t.contact_id ${TICKET_JOINS}
        where ${where.sql} and t.status <> 'closed'
        order by t.last_message_at desc, t.id desc limit ?`,
      [...where.params, limit],
    );
    return rows.map((r) => r.row);
  }

  async row(companyId: number, where: { id?: number; uuid?: string }): Promise<TicketRow | null> {
    const [column, value] = where.id !== undefined ? ['t.id', where.id] : ['t.uuid', where.uuid];
    const rows = await this.sql(companyId).all<{ row: TicketRow }>(
      `select ${TICKET_JSON} as row from tickets t join contacts ct on ct.id = t.contact_id ${TICKET_JOINS}
          where t.company_id = ? and ${column} = ?`,
      [companyId, value],
    );
    return rows[0]?.row ?? null;
  }

  async accessRow(companyId: number, ticketId: number): Promise<TicketAccessRow | null> {
    const rows = await this.sql(companyId).all<TicketAccessRow>('select t.user_id, t.queue_id, t.status from tickets t where t.company_id = ? and t.id = ?', [
      companyId,
      ticketId,
    ]);
    return rows[0] ?? null;
  }

  private filters(ctx: AuthContext, query: Partial<ListTicketsQuery>): SqlPart {
    const parts: SqlPart[] = [{ sql: 't.company_id = ?', params: [ctx.companyId] }, accessibleTickets(ctx.ability, query.showAll ?? false)];
    if (query.status) parts.push({ sql: 't.status = ?', params: [query.status] });
    const search = query.searchParam?.trim();
    if (search) {
      const pattern = likePattern(search);
      const digits = search.replace(/\D/g, '');
      parts.push({
        sql: `(ct.name ilike ? or (? <> '' and ct.number like ?)
               or exists (select 1 from messages m where m.company_id = t.company_id and m.ticket_id = t.id and m.body ilike ?))`,
        params: [pattern, digits, `%${digits}%`, pattern],
      });
    }
    if (query.queueIds?.length) {
      // A user can narrow to their own queues, never widen beyond them.
      const allowed = isAdmin(ctx) ? query.queueIds : query.queueIds.filter((q) => ctx.queueIds.includes(q));
      parts.push({ sql: `t.queue_id = any(string_to_array(?, ',')::int[])`, params: [ids(allowed)] });
    }
    if (query.users?.length && isAdmin(ctx)) parts.push({ sql: `t.user_id = any(string_to_array(?, ',')::int[])`, params: [ids(query.users)] });
    if (query.tags?.length) {
      parts.push({
        sql: `exists (select 1 from ticket_tags tt where tt.company_id = t.company_id and tt.ticket_id = t.id and tt.tag_id = any(string_to_array(?, ',')::int[]))`,
        params: [ids(query.tags)],
      });
    }
    if (query.withUnreadMessages) parts.push({ sql: 't.unread_messages > 0', params: [] });
    const zone = `(select timezone from companies where id = t.company_id)`;
    if (query.date) parts.push({ sql: `(t.created_at at time zone ${zone})::date = ?::date`, params: [query.date] });
    if (query.updatedAt) parts.push({ sql: `(t.updated_at at time zone ${zone})::date = ?::date`, params: [query.updatedAt] });
    return { sql: parts.map((p) => p.sql).join(' and '), params: parts.flatMap((p) => p.params) };
  }

  /** The tags of each ticket (of the company in scope), by name, in one query; every id asked for gets a list. */
  async tagsOfTickets(ticketIds: number[]): Promise<Map<number, TagSummary[]>> {
    const byTicket = new Map<number, TagSummary[]>(ticketIds.map((id) => [id, []]));
    if (!ticketIds.length) return byTicket;
    const links = await this.em.find(
      TicketTag,
      { ticket: { $in: [...byTicket.keys()] } },
      { populate: ['tag'], strategy: 'joined', orderBy: { tag: { name: 'ASC', id: 'ASC' } } },
    );
    for (const link of links) {
      const tag = link.tag.getEntity();
      byTicket.get(link.ticket.id)?.push({ id: tag.id, name: tag.name, color: tag.color });
    }
    return byTicket;
  }
}
