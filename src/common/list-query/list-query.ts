import type { Response } from 'express';
import type { ListBody, SpecList } from '../../shared/api-types.js';
import { AppError, fieldError } from '../errors/app-error.js';

export const SPEC_PAGE_SIZE = 20;
const MAX_RA_PAGE = 500;
const INT4_MAX = 2_147_483_647;
/** Values one `filter` key may list (`{ id: [1, 2, 3] }` from a reference field). */
const MAX_FILTER_VALUES = 500;

/** The column type behind a filter key: values are checked against it before any query. */
export type FilterType = 'int' | 'boolean' | 'string';

export interface ListAllowlist {
  /** Filter keys accepted from `filter` (react-admin) besides `q`, mapped to entity properties. */
  filters: Record<string, string>;
  /** Types of the filter keys; unlisted keys are `int` when named `id`/`...Id`, else `string`. */
  filterTypes?: Record<string, FilterType>;
  /** Sortable fields, mapped to entity properties. */
  sort: Record<string, string>;
  defaultSort: [string, 'ASC' | 'DESC'];
  /** The spec dialect without `pageNumber` answers every record up to this many (selects that list them all). */
  unpagedLimit?: number;
  /**
   * The endpoint also takes `@CompanyIdQuery()`: `filter.companyId` is react-admin's way of saying `?companyId=`
   * (a super user's other company), which that decorator reads, so it is no column filter here.
   */
  companyScoped?: boolean;
}

export interface ListParams {
  dialect: 'spec' | 'ra';
  search: string;
  offset: number;
  limit: number;
  filters: Record<string, unknown>;
  orderBy: Record<string, 'ASC' | 'DESC'>;
}

/** A list body: react-admin's array (with Content-Range) or the spec's page. Declared in src/shared/api-types.ts. */
export type { ListBody, SpecList };

export interface ListResult<T> {
  records: T[];
  count: number;
}

function parseJson(raw: unknown, name: string): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw fieldError(name, 'must be JSON');
  try {
    return JSON.parse(raw);
  } catch {
    throw fieldError(name, 'must be JSON');
  }
}

const badField = (field: string, message: string): AppError => fieldError(field, message);

/** Only the allowlist's own keys: `__proto__`, `constructor` or `toString` never resolve to something inherited. */
const allowed = (table: Record<string, string>, key: unknown): string | undefined =>
  typeof key === 'string' && Object.hasOwn(table, key) ? table[key] : undefined;

const typeOf = (allow: ListAllowlist, key: string): FilterType =>
  allow.filterTypes && Object.hasOwn(allow.filterTypes, key) ? allow.filterTypes[key]! : /^(id|[a-zA-Z]+Id)$/.test(key) ? 'int' : 'string';

/** One filter value checked against its column type; answers the value the ORM gets. */
function filterValue(key: string, type: FilterType, value: unknown): unknown {
  const field = `filter.${key}`;
  if (value === null) return null;
  switch (type) {
    case 'int':
      if (typeof value === 'string' && /^-?\d{1,10}$/.test(value)) value = Number(value);
      if (typeof value !== 'number' || !Number.isInteger(value) || Math.abs(value) > INT4_MAX) throw badField(field, 'must be an integer');
      return value;
    case 'boolean':
      // The spec's flags also travel as 0/1 (a tag's `kanban`).
      if (value === true || value === 'true' || value === 1 || value === '1') return true;
      if (value === false || value === 'false' || value === 0 || value === '0') return false;
      throw badField(field, 'must be true or false');
    case 'string':
      if (typeof value === 'number' && Number.isFinite(value)) return String(value);
      if (typeof value !== 'string') throw badField(field, 'must be text');
      if (value.includes('\u0000') || value.length > 1000) throw badField(field, 'must be text without NUL, at most 1000 characters');
      return value;
  }
}

/**
 * Reads both list dialects: the spec's (`searchParam`, `pageNumber`) and ra-data-simple-rest's
 * (`filter`, `range`, `sort`). Only allowlisted filter and sort fields reach the ORM.
 */
export function parseListQuery(query: Record<string, unknown>, allow: ListAllowlist): ListParams {
  const isRa = query.range !== undefined || query.sort !== undefined || query.filter !== undefined;
  const [defaultField, defaultOrder] = allow.defaultSort;
  if (!isRa) {
    const page = query.pageNumber === undefined || query.pageNumber === '' ? 1 : Number(query.pageNumber);
    if (!Number.isInteger(page) || page < 1 || page > 100000) throw badField('pageNumber', 'must be a positive integer');
    const search = typeof query.searchParam === 'string' ? query.searchParam.trim().slice(0, 200) : '';
    const unpaged = allow.unpagedLimit !== undefined && (query.pageNumber === undefined || query.pageNumber === '');
    return {
      dialect: 'spec',
      search,
      offset: (page - 1) * SPEC_PAGE_SIZE,
      limit: unpaged ? allow.unpagedLimit! : SPEC_PAGE_SIZE,
      filters: {},
      orderBy: { [allow.sort[defaultField] ?? defaultField]: defaultOrder },
    };
  }
  const range = parseJson(query.range, 'range') ?? [0, 24];
  if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isInteger(n) && n >= 0 && n <= INT4_MAX) || range[1] < range[0]) {
    throw badField('range', 'must be [start, end]');
  }
  const [start, end] = range as [number, number];
  if (end - start + 1 > MAX_RA_PAGE) throw badField('range', `at most ${MAX_RA_PAGE} records per page`);

  const sort = parseJson(query.sort, 'sort') ?? allow.defaultSort;
  if (!Array.isArray(sort) || sort.length !== 2 || typeof sort[0] !== 'string' || !['ASC', 'DESC'].includes(String(sort[1]).toUpperCase())) {
    throw badField('sort', 'must be [field, ASC|DESC]');
  }
  const sortField = allowed(allow.sort, sort[0]);
  if (!sortField) throw badField('sort', `cannot sort by ${String(sort[0]).slice(0, 50)}`);

  const filter = parseJson(query.filter, 'filter') ?? {};
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw badField('filter', 'must be an object');
  const filters: Record<string, unknown> = {};
  let search = '';
  for (const [key, value] of Object.entries(filter)) {
    if (key === 'q') {
      search = String(filterValue('q', 'string', typeof value === 'string' ? value : String(value ?? '')))
        .trim()
        .slice(0, 200);
      continue;
    }
    if (key === 'companyId' && allow.companyScoped) continue;
    const property = allowed(allow.filters, key);
    if (!property) throw badField('filter', `cannot filter by ${key.slice(0, 50)}`);
    const type = typeOf(allow, key);
    if (Array.isArray(value)) {
      if (value.length > MAX_FILTER_VALUES) throw badField(`filter.${key}`, `at most ${MAX_FILTER_VALUES} values`);
      filters[property] = { $in: value.map((item) => filterValue(key, type, item)) };
    } else {
      filters[property] = filterValue(key, type, value);
    }
  }
  return {
    dialect: 'ra',
    search,
    offset: start,
    limit: end - start + 1,
    filters,
    orderBy: { [sortField]: String(sort[1]).toUpperCase() as 'ASC' | 'DESC' },
  };
}

/** Writes a list in the dialect it was asked in: `{ <name>, hasMore, count }` or an array with Content-Range. */
export function listResponse<N extends string, T>(res: Response, name: N, query: ListParams, result: ListResult<T>): ListBody<N, T> {
  if (query.dialect === 'ra') {
    const last = result.records.length ? query.offset + result.records.length - 1 : query.offset;
    res.setHeader('Content-Range', `${name} ${query.offset}-${last}/${result.count}`);
    res.setHeader('Access-Control-Expose-Headers', 'Content-Range');
    return result.records;
  }
  return { [name]: result.records, hasMore: query.offset + result.records.length < result.count, count: result.count } as SpecList<N, T>;
}

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
