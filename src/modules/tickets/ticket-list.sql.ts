import type { AuthContext } from '../../authorization/auth-context.js';
import { isAdmin } from '../../authorization/auth-context.js';
import { likePattern } from '../../common/list-query/list-query.js';
import { TICKET_STATUSES } from './ticket.entity.js';
import type { ListTicketsQuery } from './dto/list-tickets.query.js';
import { TICKET_JOINS, TICKET_JSON } from './ticket-json.sql.js';
import { accessibleCounters, accessibleTickets, type SqlPart } from './ticket-visibility.js';

/**
 * The SQL of the ticket lists, built apart from running it so the plan guard test can EXPLAIN exactly what runs.
 * Every statement leads with the company; none counts rows beyond `COUNT_CAP`.
 */

export const TICKET_PAGE_SIZE = 40;

/** Searches and rare filters count up to here and say "more" beyond it; tabs count exactly from `ticket_counters`. */
export const COUNT_CAP = 1000;

/** Where the keyset cursor stands: the last row of the previous page in the list's order. */
export interface CursorPosition {
  lastMessageAt: string;
  id: number;
}

export type TicketListFilter = Partial<ListTicketsQuery> & { position?: CursorPosition | null };

const ids = (values: number[]) => values.join(',');
const ORDER = 'order by t.last_message_at desc, t.id desc';

const and = (parts: SqlPart[]): SqlPart => ({ sql: parts.map((p) => p.sql).join(' and '), params: parts.flatMap((p) => p.params) });

/** The filters a counter row can answer: visibility, status, queues and users (the columns `ticket_counters` keeps). */
function scopeParts(ctx: AuthContext, query: TicketListFilter, alias: 't' | 'c'): SqlPart[] {
  const parts: SqlPart[] = [{ sql: `${alias}.company_id = ?`, params: [ctx.companyId] }];
  parts.push(alias === 't' ? accessibleTickets(ctx.ability, query.showAll ?? false) : accessibleCounters(ctx.ability, query.showAll ?? false));
  if (query.queueIds?.length) {
    // A user can narrow to their own queues, never widen beyond them.
    const allowed = isAdmin(ctx) ? query.queueIds : query.queueIds.filter((q) => ctx.queueIds.includes(q));
    parts.push({ sql: `${alias}.queue_id = any(string_to_array(?, ',')::int[])`, params: [ids(allowed)] });
  }
  if (query.users?.length && isAdmin(ctx)) parts.push({ sql: `${alias}.user_id = any(string_to_array(?, ',')::int[])`, params: [ids(query.users)] });
  return parts;
}

/** The filters only the ticket rows can answer (tags, unread, days); search is not one of them, see `searchHits`. */
function rowParts(query: TicketListFilter): SqlPart[] {
  const parts: SqlPart[] = [];
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
  return parts;
}

const searchText = (query: TicketListFilter) => query.searchParam?.trim() ?? '';

/** Whether `ticket_counters` answers the count exactly (no search and no row-only filter). */
export function countedByCounters(query: TicketListFilter): boolean {
  return !searchText(query) && rowParts(query).length === 0;
}

/**
 * The tickets a search finds, each index on its own: `hits` unions the ticket ids of the messages the trigram index on
 * their text finds and the tickets of the contacts the trigram indexes on name and number find; `kept` probes each
 * hit by primary key (a lateral, so the plan stays a nested loop: a join let the planner hash every ticket of the
 * company once the hits passed a thousand) and keeps those the filters allow, with their position in the list.
 * Counting and paging then read `kept` only.
 */
function searchCtes(ctx: AuthContext, query: TicketListFilter, search: string): SqlPart {
  const pattern = likePattern(search);
  const digits = search.replace(/\D/g, '');
  const contactMatch = digits ? '(ct.name ilike ? or ct.number like ?)' : 'ct.name ilike ?';
  const where = and([...scopeParts(ctx, query, 't'), ...rowParts(query), ...(query.status ? [{ sql: 't.status = ?', params: [query.status] }] : [])]);
  return {
    sql: `with hits as materialized (
        select m.ticket_id as id from messages m where m.company_id = ? and m.body ilike ?
        union
        select x.id from contacts ct join tickets x on x.company_id = ct.company_id and x.contact_id = ct.id
         where ct.company_id = ? and ${contactMatch}),
      kept as materialized (
        select t.id, t.last_message_at from hits h,
               lateral (select t.id, t.last_message_at from tickets t where t.id = h.id and ${where.sql} limit 1) t)`,
    params: [ctx.companyId, pattern, ctx.companyId, pattern, ...(digits ? [`%${digits}%`] : []), ...where.params],
  };
}

/** The rows of one page (ticket columns only, no join), before the relations are read for those rows alone. */
function pageRows(ctx: AuthContext, query: TicketListFilter, limit: number, offset: number): SqlPart {
  if (searchText(query)) {
    const cursor = query.position
      ? { sql: 'where (k.last_message_at, k.id) < (?::timestamptz, ?)', params: [query.position.lastMessageAt, query.position.id] }
      : { sql: '', params: [] };
    return {
      sql: `select t.* from (select k.id from kept k ${cursor.sql} order by k.last_message_at desc, k.id desc limit ? offset ?) k,
                   lateral (select t.* from tickets t where t.id = k.id and t.company_id = ?) t`,
      params: [...cursor.params, limit, offset, ctx.companyId],
    };
  }
  const cursor: SqlPart[] = query.position
    ? [{ sql: '(t.last_message_at, t.id) < (?::timestamptz, ?)', params: [query.position.lastMessageAt, query.position.id] }]
    : [];
  const where = and([...scopeParts(ctx, query, 't'), ...rowParts(query), ...cursor]);
  // One index range per status, merged: a list of every status reads three short ranges instead of sorting them all.
  const statuses = query.status ? [query.status] : TICKET_STATUSES;
  const branches = statuses.map((status) => ({
    sql: `(select t.* from tickets t where ${where.sql} and t.status = ? ${ORDER} limit ?)`,
    params: [...where.params, status, limit + offset],
  }));
  if (branches.length === 1) {
    return {
      sql: `select t.* from tickets t where ${where.sql} and t.status = ? ${ORDER} limit ? offset ?`,
      params: [...where.params, statuses[0], limit, offset],
    };
  }
  return {
    sql: `select t.* from (${branches.map((b) => b.sql).join(' union all ')}) t ${ORDER} limit ? offset ?`,
    params: [...branches.flatMap((b) => b.params), limit, offset],
  };
}

/**
 * One page of the list as TicketRow JSON: the rows first, then their contact, queue, user and connection. When the
 * counters cannot answer the count, the same statement counts up to COUNT_CAP + 1 (one column `count`, on a row
 * with a null `row` when the page is empty), so a search reads its indexes once.
 */
export function ticketPageSql(ctx: AuthContext, query: TicketListFilter, limit: number, offset: number): SqlPart {
  const search = searchText(query);
  const ctes = search ? searchCtes(ctx, query, search) : { sql: '', params: [] };
  const rows = pageRows(ctx, query, limit, offset);
  const page = `select ${TICKET_JSON} as row, t.last_message_at, t.id
        from (${rows.sql}) t join contacts ct on ct.id = t.contact_id ${TICKET_JOINS}`;
  if (countedByCounters(query)) {
    return { sql: `select p.row from (${page}) p order by p.last_message_at desc, p.id desc`, params: rows.params };
  }
  const count = cappedCount(ctx, query);
  return {
    sql: `${ctes.sql}
      select c.count, p.row from (${count.sql}) c left join lateral (${page}) p on true
       order by p.last_message_at desc, p.id desc`,
    params: [...ctes.params, ...count.params, ...rows.params],
  };
}

/** The count of a list `countedByCounters` cannot answer: rows up to COUNT_CAP + 1, never more (search: of `kept`). */
function cappedCount(ctx: AuthContext, query: TicketListFilter): SqlPart {
  if (searchText(query)) return { sql: 'select count(*)::int as count from (select 1 from kept limit ?) s', params: [COUNT_CAP + 1] };
  const where = and([...scopeParts(ctx, query, 't'), ...rowParts(query), ...(query.status ? [{ sql: 't.status = ?', params: [query.status] }] : [])]);
  return { sql: `select count(*)::int as count from (select 1 from tickets t where ${where.sql} limit ?) s`, params: [...where.params, COUNT_CAP + 1] };
}

/** Tickets per status from the counters, for the statuses asked (all when none). */
export function counterSql(ctx: AuthContext, query: TicketListFilter, statuses: readonly string[]): SqlPart {
  const where = and([...scopeParts(ctx, query, 'c'), { sql: `c.status = any(string_to_array(?, ','))`, params: [statuses.join(',')] }]);
  return {
    sql: `select c.status, coalesce(sum(c.tickets), 0)::int as count from ticket_counters c where ${where.sql} group by c.status`,
    params: where.params,
  };
}
