import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { isAdmin } from '../../authorization/auth-context.js';
import { fieldError } from '../../common/errors/app-error.js';
import { HotPathPool, type PreparedStatement, prepared, unprepared } from '../../infra/database/pg-pool.js';
import { tenantSql } from '../../infra/database/sql.js';
import type { TagSummary } from '../../shared/api-types.js';
import type { TicketStatus } from '../../shared/permissions.js';
import type { ListTicketsQuery } from './dto/list-tickets.query.js';
import { TICKET_JOINS, TICKET_JSON } from './ticket-json.sql.js';
import {
  COUNT_CAP,
  type CursorPosition,
  countedByCounters,
  counterSql,
  MESSAGE_HITS_CAP,
  type SearchMode,
  TICKET_PAGE_SIZE,
  type TicketListFilter,
  ticketPageSql,
} from './ticket-list.sql.js';
import { TICKET_STATUSES } from './ticket.entity.js';
import type { TicketRow } from './ticket-row.mapper.js';
import { accessibleTickets, type SqlPart } from './ticket-visibility.js';

export { TICKET_PAGE_SIZE };

export interface TicketPage {
  /** Each ticket of the page as the API's JSON text (TicketWithTagsResponse), built by PostgreSQL. */
  json: string[];
  count: number;
  /** `count` stopped at COUNT_CAP: there are more. */
  countCapped: boolean;
  hasMore: boolean;
  cursor: string | null;
}

/** Pages follow the list's order: newest last message first (accepting or transferring a ticket never moves it). */
const encodeCursor = (row: PageRow): string => Buffer.from(JSON.stringify([row.at, row.id])).toString('base64url');

/** A row of a page statement: the ticket's JSON text, its position at full precision, and for searches the count. */
interface PageRow {
  row: string | null;
  at: string;
  id: number;
  count?: number;
  message_hits?: number;
}

function decodeCursor(value: string): CursorPosition {
  try {
    const [lastMessageAt, id] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as [string, number];
    if (typeof lastMessageAt !== 'string' || !Number.isInteger(id) || Number.isNaN(Date.parse(lastMessageAt))) throw new Error('bad cursor');
    return { lastMessageAt, id };
  } catch {
    throw fieldError('cursor', 'invalid cursor');
  }
}

/** The tags of a page of tickets, by the (company_id, ticket_id, tag_id) unique index; one prepared statement. */
const TAGS_OF_TICKETS = prepared(
  'ticket_tags_of_tickets',
  `select tt.ticket_id, t.id, t.name, t.color from ticket_tags tt
     join tags t on t.company_id = tt.company_id and t.id = tt.tag_id
    where tt.company_id = ? and tt.ticket_id = any(?::int[])
    order by t.name, t.id`,
  { plan: 'generic' },
);

/** A ticket's row by id or uuid, as a request opens it (`openedRow`). */
const OPENED_ROW = {
  id: prepared(
    'ticket_row_by_id',
    `select ${TICKET_JSON} as row from tickets t join contacts ct on ct.id = t.contact_id ${TICKET_JOINS} where t.company_id = ? and t.id = ?`,
  ),
  uuid: prepared(
    'ticket_row_by_uuid',
    `select ${TICKET_JSON} as row from tickets t join contacts ct on ct.id = t.contact_id ${TICKET_JOINS} where t.company_id = ? and t.uuid = ?`,
  ),
};

/** Named prepared statements by text: a list or counter shape is planned once per connection, not on every request. */
const statements = new Map<string, PreparedStatement>();
const STATEMENTS_MAX = 500;

function statementFor(sql: string): PreparedStatement {
  let statement = statements.get(sql);
  if (!statement) {
    if (statements.size >= STATEMENTS_MAX) statements.clear();
    // Generic: a list shape's custom plan took as long to make as to run, at every request.
    statement = prepared(`ticket_list_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`, sql, { plan: 'generic' });
    statements.set(sql, statement);
  }
  return statement;
}

/** What the record-level Ticket rules look at. */
export interface TicketAccessRow {
  user_id: number | null;
  queue_id: number | null;
  status: TicketStatus;
}

/**
 * Ticket reads in SQL. A list page is one statement (its rows, then their relations) and its count comes from
 * `ticket_counters`, or a count capped at COUNT_CAP for searches and row-only filters (see ticket-list.sql.ts).
 */
@Injectable()
export class TicketsRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly hot: HotPathPool,
  ) {}

  private sql(companyId: number) {
    return tenantSql(this.em.getConnection(), companyId);
  }

  async page(ctx: AuthContext, query: ListTicketsQuery): Promise<TicketPage> {
    const filter: TicketListFilter = { ...query, position: query.cursor ? decodeCursor(query.cursor) : null };
    const offset = !query.cursor && query.pageNumber ? (query.pageNumber - 1) * TICKET_PAGE_SIZE : 0;
    const pageSql = ticketPageSql(ctx, filter, TICKET_PAGE_SIZE + 1, offset);
    let rows: PageRow[];
    let count: { count: number; countCapped: boolean };
    if (countedByCounters(filter)) {
      const counted = counterSql(ctx, filter, filter.status ? [filter.status] : TICKET_STATUSES);
      const [found, perStatus] = await Promise.all([
        tenantSql(this.hot, ctx.companyId).all<PageRow>(statementFor(pageSql.sql), pageSql.params),
        tenantSql(this.hot, ctx.companyId).all<{ count: number }>(statementFor(counted.sql), counted.params),
      ]);
      rows = found;
      count = { count: perStatus.reduce((sum, r) => sum + r.count, 0), countCapped: false };
    } else {
      // Searches stay unprepared: a generic plan cannot see how selective the pattern is. Row-only filters (tags,
      // unread, dates) have one shape each and run generic plans like the tabs.
      const searching = Boolean(filter.searchParam?.trim());
      const run = (mode: SearchMode) => {
        const statement = mode === 'sparse' ? pageSql : ticketPageSql(ctx, { ...filter, searchMode: mode }, TICKET_PAGE_SIZE + 1, offset);
        return tenantSql(this.hot, ctx.companyId).all<PageRow>(searching ? unprepared(statement.sql) : statementFor(statement.sql), statement.params);
      };
      let found = await run('sparse');
      let head = found[0];
      if ((head?.message_hits ?? 0) > MESSAGE_HITS_CAP) {
        // A common word: with over COUNT_CAP tickets kept already, walking the list finds a page at once; otherwise
        // the few tickets of those many messages are all needed to order them.
        if ((head?.count ?? 0) > COUNT_CAP) {
          found = await run('dense');
        } else {
          found = await run('uncapped');
          head = found[0];
        }
      }
      const total = head?.count ?? 0;
      rows = found.filter((r) => r.row !== null);
      count = total > COUNT_CAP ? { count: COUNT_CAP, countCapped: true } : { count: total, countCapped: false };
    }
    const page = rows.slice(0, TICKET_PAGE_SIZE);
    const hasMore = rows.length > TICKET_PAGE_SIZE;
    return { json: page.map((r) => r.row!), ...count, hasMore, cursor: hasMore && page.length ? encodeCursor(page.at(-1)!) : null };
  }

  /** Open and pending counts for the tab badges, from the counters. */
  async counts(ctx: AuthContext, showAll: boolean, queueIds: number[] | undefined): Promise<{ open: number; pending: number }> {
    const counted = counterSql(ctx, { showAll, queueIds }, ['open', 'pending']);
    const rows = await tenantSql(this.hot, ctx.companyId).all<{ status: string; count: number }>(statementFor(counted.sql), counted.params);
    const of = (status: string) => rows.find((r) => r.status === status)?.count ?? 0;
    return { open: of('open'), pending: of('pending') };
  }

  /** The kanban's cards: the caller's visible, not closed tickets of the given queues, newest last message first. */
  async kanban(ctx: AuthContext, showAll: boolean, queueIds: number[] | undefined, limit: number): Promise<TicketRow[]> {
    const where = this.filters(ctx, { showAll, queueIds });
    const rows = await tenantSql(this.hot, ctx.companyId).all<{ row: TicketRow }>(
      unprepared(`select ${TICKET_JSON} as row from tickets t join contacts ct on ct.id = t.contact_id ${TICKET_JOINS}
        where ${where.sql} and t.status <> 'closed'
        order by t.last_message_at desc, t.id desc limit ?`),
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

  /**
   * `row` as a prepared statement on the hot-path pool, for the ticket a request opens before it writes anything (the
   * conversation, the ticket page): planned once per connection. Not for a row the caller's own transaction just wrote.
   */
  async openedRow(companyId: number, where: { id: number } | { uuid: string }): Promise<TicketRow | null> {
    const [statement, value] = 'id' in where ? [OPENED_ROW.id, where.id] : [OPENED_ROW.uuid, where.uuid];
    const rows = await tenantSql(this.hot, companyId).all<{ row: TicketRow }>(statement, [companyId, value]);
    return rows[0]?.row ?? null;
  }

  async accessRow(companyId: number, ticketId: number): Promise<TicketAccessRow | null> {
    const rows = await this.sql(companyId).all<TicketAccessRow>('select t.user_id, t.queue_id, t.status from tickets t where t.company_id = ? and t.id = ?', [
      companyId,
      ticketId,
    ]);
    return rows[0] ?? null;
  }

  /** The kanban's filters: visibility and queues. */
  private filters(ctx: AuthContext, query: { showAll: boolean; queueIds: number[] | undefined }): SqlPart {
    const parts: SqlPart[] = [{ sql: 't.company_id = ?', params: [ctx.companyId] }, accessibleTickets(ctx.ability, query.showAll)];
    if (query.queueIds?.length) {
      // A user can narrow to their own queues, never widen beyond them.
      const allowed = isAdmin(ctx) ? query.queueIds : query.queueIds.filter((q) => ctx.queueIds.includes(q));
      parts.push({ sql: `t.queue_id = any(?::int[])`, params: [allowed] });
    }
    return { sql: parts.map((p) => p.sql).join(' and '), params: parts.flatMap((p) => p.params) };
  }

  /** The tags of each ticket (of the company in scope), by name, in one query; every id asked for gets a list. */
  async tagsOfTickets(companyId: number, ticketIds: number[]): Promise<Map<number, TagSummary[]>> {
    const byTicket = new Map<number, TagSummary[]>(ticketIds.map((id) => [id, []]));
    if (!ticketIds.length) return byTicket;
    const rows = await tenantSql(this.hot, companyId).all<TagSummary & { ticket_id: number }>(TAGS_OF_TICKETS, [companyId, [...byTicket.keys()]]);
    for (const { ticket_id, ...tag } of rows) byTicket.get(ticket_id)?.push(tag);
    return byTicket;
  }
}
