import type { AuthContext } from '../../authorization/auth-context.js';
import { isAdmin } from '../../authorization/auth-context.js';
import { likePattern } from '../../common/list-query/list-query.js';
import { TICKET_STATUSES } from './ticket.entity.js';
import type { ListTicketsQuery } from './dto/list-tickets.query.js';
import { TICKET_API_JSON, TICKET_JOINS } from './ticket-json.sql.js';
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

/** A search reads at most this many matching messages before it knows whether the word is rare. */
export const MESSAGE_HITS_CAP = 2000;

/**
 * How a search finds its tickets (see TicketsRepository.page):
 * - `sparse` (default): from the indexes' hits, the messages capped at MESSAGE_HITS_CAP (`uncapped`: all of them);
 * - `dense`: a common word, so the list walks its own index and keeps the tickets with a match (finds a page quickly).
 */
export type SearchMode = 'sparse' | 'uncapped' | 'dense';

export type TicketListFilter = Partial<ListTicketsQuery> & { position?: CursorPosition | null; searchMode?: SearchMode };

const searchText = (query: TicketListFilter) => query.searchParam?.trim() ?? '';
const isSparseSearch = (query: TicketListFilter) => Boolean(searchText(query)) && query.searchMode !== 'dense';

/** The contact condition of a search: name, and number when the text has digits. */
function contactMatch(search: string, alias: string): SqlPart {
  const pattern = likePattern(search);
  const digits = search.replace(/\D/g, '');
  return digits
    ? { sql: `(${alias}.name ilike ? or ${alias}.number like ?)`, params: [pattern, `%${digits}%`] }
    : { sql: `${alias}.name ilike ?`, params: [pattern] };
}

/**
 * A common word: each ticket of the walk is kept when one of its messages or its contact matches. Scalar subqueries,
 * probed per ticket by index: an EXISTS under OR is planned as a hash of every matching message first.
 */
function denseMatch(search: string): SqlPart {
  const contact = contactMatch(search, 'dc');
  return {
    sql: `(coalesce((select true from messages m where m.company_id = t.company_id and m.ticket_id = t.id and m.body ilike ? limit 1), false)
           or coalesce((select true from contacts dc where dc.id = t.contact_id and ${contact.sql}), false))`,
    params: [likePattern(search), ...contact.params],
  };
}
const ORDER = 'order by t.last_message_at desc, t.id desc';

const and = (parts: SqlPart[]): SqlPart => ({ sql: parts.map((p) => p.sql).join(' and '), params: parts.flatMap((p) => p.params) });

/** The filters a counter row can answer: visibility, status, queues and users (the columns `ticket_counters` keeps). */
function scopeParts(ctx: AuthContext, query: TicketListFilter, alias: 't' | 'c'): SqlPart[] {
  const parts: SqlPart[] = [{ sql: `${alias}.company_id = ?`, params: [ctx.companyId] }];
  parts.push(alias === 't' ? accessibleTickets(ctx.ability, query.showAll ?? false) : accessibleCounters(ctx.ability, query.showAll ?? false));
  if (query.queueIds?.length) {
    // A user can narrow to their own queues, never widen beyond them.
    const allowed = isAdmin(ctx) ? query.queueIds : query.queueIds.filter((q) => ctx.queueIds.includes(q));
    // Integer arrays as parameters: a generic plan can use them (an index condition), unlike a text split at run time.
    parts.push({ sql: `${alias}.queue_id = any(?::int[])`, params: [allowed] });
  }
  if (query.users?.length && isAdmin(ctx)) parts.push({ sql: `${alias}.user_id = any(?::int[])`, params: [query.users] });
  return parts;
}

/** The filters only the ticket rows can answer (tags, unread, days; the search in dense mode, else see `searchCtes`). */
function rowParts(ctx: AuthContext, query: TicketListFilter): SqlPart[] {
  const parts: SqlPart[] = [];
  if (searchText(query) && query.searchMode === 'dense') parts.push(denseMatch(searchText(query)));
  if (query.tags?.length) {
    // The tagged tickets first, by the tags' index (an array the plan probes by primary key or checks while walking
    // the list's index): a semi-join estimated from the tag's share chose to read every ticket of the status.
    parts.push({
      sql: `t.id = any(array(select tt.ticket_id from ticket_tags tt where tt.company_id = ? and tt.tag_id = any(?::int[])))`,
      params: [ctx.companyId, query.tags],
    });
  }
  if (query.withUnreadMessages) parts.push({ sql: 't.unread_messages > 0', params: [] });
  const zone = `(select timezone from companies where id = t.company_id)`;
  if (query.date) parts.push({ sql: `(t.created_at at time zone ${zone})::date = ?::date`, params: [query.date] });
  if (query.updatedAt) parts.push({ sql: `(t.updated_at at time zone ${zone})::date = ?::date`, params: [query.updatedAt] });
  return parts;
}

/** Whether `ticket_counters` answers the count exactly (no search and no row-only filter). */
export function countedByCounters(query: TicketListFilter): boolean {
  return !searchText(query) && !query.tags?.length && !query.withUnreadMessages && !query.date && !query.updatedAt;
}

/**
 * The tickets a search finds, each index on its own: `hits` unions the ticket ids of the messages the trigram index on
 * their text finds and the tickets of the contacts the trigram indexes on name and number find; `kept` probes each
 * hit by primary key (a lateral, so the plan stays a nested loop: a join let the planner hash every ticket of the
 * company once the hits passed a thousand) and keeps those the filters allow, with their position in the list. The
 * contacts' tickets come from a lateral too, fenced by `offset 0` so it is not flattened back into a join: a name
 * such as "Cliente 42", estimated to match many contacts, otherwise got a sequential scan of every ticket.
 * Counting and paging then read `kept` only.
 */
function searchCtes(ctx: AuthContext, query: TicketListFilter, search: string): SqlPart {
  const contact = contactMatch(search, 'ct');
  const cap = query.searchMode === 'uncapped' ? { sql: '', params: [] } : { sql: 'limit ?', params: [MESSAGE_HITS_CAP + 1] };
  const where = and([...scopeParts(ctx, query, 't'), ...rowParts(ctx, query), ...(query.status ? [{ sql: 't.status = ?', params: [query.status] }] : [])]);
  return {
    // The cap applies outside a CTE of its own: that one is planned for all its rows (the trigram index, never a
    // sequential scan that a limit makes look cheap) and read lazily, so the cap still stops the heap reads.
    sql: `with message_matches as materialized (select m.ticket_id from messages m where m.company_id = ? and m.body ilike ?),
      message_hits as materialized (select ticket_id from message_matches ${cap.sql}),
      hits as materialized (
        select ticket_id as id from message_hits
        union
        select x.id from contacts ct,
               lateral (select x.id from tickets x where x.company_id = ct.company_id and x.contact_id = ct.id offset 0) x
         where ct.company_id = ? and ${contact.sql}),
      kept as materialized (
        select t.id, t.last_message_at from hits h,
               lateral (select t.id, t.last_message_at from tickets t where t.id = h.id and ${where.sql} limit 1) t)`,
    params: [ctx.companyId, likePattern(search), ...cap.params, ctx.companyId, ...contact.params, ...where.params],
  };
}

/**
 * A row count written into the statement: a generic plan must know how few rows a page needs (with a `limit $n` it
 * planned for every row, and sorted the whole status). Always a non-negative integer computed here, never client text.
 */
function rowCount(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`ticket list: bad row count ${value}`);
  return String(value);
}

/** The rows of one page (ticket columns only, no join), before the relations are read for those rows alone. */
function pageRows(ctx: AuthContext, query: TicketListFilter, limit: number, offset: number): SqlPart {
  if (isSparseSearch(query)) {
    const cursor = query.position
      ? { sql: 'where (k.last_message_at, k.id) < (?::timestamptz, ?)', params: [query.position.lastMessageAt, query.position.id] }
      : { sql: '', params: [] };
    return {
      sql: `select t.* from (select k.id from kept k ${cursor.sql} order by k.last_message_at desc, k.id desc limit ${rowCount(limit)} offset ${rowCount(offset)}) k,
                   lateral (select t.* from tickets t where t.id = k.id and t.company_id = ?) t`,
      params: [...cursor.params, ctx.companyId],
    };
  }
  const cursor: SqlPart[] = query.position
    ? [{ sql: '(t.last_message_at, t.id) < (?::timestamptz, ?)', params: [query.position.lastMessageAt, query.position.id] }]
    : [];
  const where = and([...scopeParts(ctx, query, 't'), ...rowParts(ctx, query), ...cursor]);
  // One index range per status, merged: a list of every status reads three short ranges instead of sorting them all.
  const statuses = query.status ? [query.status] : TICKET_STATUSES;
  const branches = statuses.map((status) => ({
    sql: `(select t.* from tickets t where ${where.sql} and t.status = ? ${ORDER} limit ${rowCount(limit + offset)})`,
    params: [...where.params, status],
  }));
  if (branches.length === 1) {
    return {
      sql: `select t.* from tickets t where ${where.sql} and t.status = ? ${ORDER} limit ${rowCount(limit)} offset ${rowCount(offset)}`,
      params: [...where.params, statuses[0]],
    };
  }
  return {
    sql: `select t.* from (${branches.map((b) => b.sql).join(' union all ')}) t ${ORDER} limit ${rowCount(limit)} offset ${rowCount(offset)}`,
    params: branches.flatMap((b) => b.params),
  };
}

/**
 * One page of the list, each row as the API's JSON text (`row`, see TICKET_API_JSON) with its cursor position (`at`
 * at full precision, `id`): the rows first, then their contact, queue, user, connection and tags. When the
 * counters cannot answer the count, the same statement counts up to COUNT_CAP + 1 (columns `count` and, for a
 * sparse search, `message_hits`, on a row with a null `row` when the page is empty), so a search reads its indexes
 * once. A dense search is counted by the sparse statement that chose it.
 */
export function ticketPageSql(ctx: AuthContext, query: TicketListFilter, limit: number, offset: number): SqlPart {
  const search = searchText(query);
  const ctes = isSparseSearch(query) ? searchCtes(ctx, query, search) : { sql: '', params: [] };
  const rows = pageRows(ctx, query, limit, offset);
  // The contact by a lateral primary-key probe: a prepared statement's generic plan cannot see the page's limit and,
  // guessing thousands of rows, hashed every contact of the company to join forty.
  const page = `select ${TICKET_API_JSON}::text as row, to_json(t.last_message_at) #>> '{}' as at, t.last_message_at, t.id
        from (${rows.sql}) t cross join lateral (select ct.* from contacts ct where ct.id = t.contact_id limit 1) ct ${TICKET_JOINS}`;
  if (countedByCounters(query) || query.searchMode === 'dense') {
    return { sql: `select p.row, p.at, p.id from (${page}) p order by p.last_message_at desc, p.id desc`, params: rows.params };
  }
  const count = cappedCount(ctx, query);
  return {
    sql: `${ctes.sql}
      select c.count, c.message_hits, p.row, p.at, p.id from (${count.sql}) c left join lateral (${page}) p on true
       order by p.last_message_at desc, p.id desc`,
    params: [...ctes.params, ...count.params, ...rows.params],
  };
}

/** The count of a list `countedByCounters` cannot answer: rows up to COUNT_CAP + 1, never more (search: of `kept`). */
function cappedCount(ctx: AuthContext, query: TicketListFilter): SqlPart {
  if (isSparseSearch(query)) {
    return {
      sql: `select (select count(*)::int from (select 1 from kept limit ?) s) as count, (select count(*)::int from message_hits) as message_hits`,
      params: [COUNT_CAP + 1],
    };
  }
  const where = and([...scopeParts(ctx, query, 't'), ...rowParts(ctx, query), ...(query.status ? [{ sql: 't.status = ?', params: [query.status] }] : [])]);
  return {
    sql: `select count(*)::int as count, 0 as message_hits from (select 1 from tickets t where ${where.sql} limit ${rowCount(COUNT_CAP + 1)}) s`,
    params: where.params,
  };
}

/** Tickets per status from the counters, for the statuses asked (all when none). */
export function counterSql(ctx: AuthContext, query: TicketListFilter, statuses: readonly string[]): SqlPart {
  const where = and([...scopeParts(ctx, query, 'c'), { sql: `c.status = any(?::text[])`, params: [[...statuses]] }]);
  return {
    sql: `select c.status, coalesce(sum(c.tickets), 0)::int as count from ticket_counters c where ${where.sql} group by c.status`,
    params: where.params,
  };
}
