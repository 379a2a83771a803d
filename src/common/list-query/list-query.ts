import type { Response } from 'express';
import { AppError } from '../errors/app-error.js';

export const SPEC_PAGE_SIZE = 20;
const MAX_RA_PAGE = 500;

export interface ListAllowlist {
  /** Filter keys accepted from `filter` (react-admin) besides `q`, mapped to entity properties. */
  filters: Record<string, string>;
  /** Sortable fields, mapped to entity properties. */
  sort: Record<string, string>;
  defaultSort: [string, 'ASC' | 'DESC'];
}

export interface ListQuery {
  dialect: 'spec' | 'ra';
  search: string;
  offset: number;
  limit: number;
  filters: Record<string, unknown>;
  orderBy: Record<string, 'ASC' | 'DESC'>;
}

export interface ListResult<T> {
  records: T[];
  count: number;
}

function parseJson(raw: unknown, name: string): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw new AppError('ERR_VALIDATION', 400, { fields: [{ field: name, messages: ['must be JSON'] }] });
  try {
    return JSON.parse(raw);
  } catch {
    throw new AppError('ERR_VALIDATION', 400, { fields: [{ field: name, messages: ['must be JSON'] }] });
  }
}

function badField(field: string, message: string): AppError {
  return new AppError('ERR_VALIDATION', 400, { fields: [{ field, messages: [message] }] }, `${field}: ${message}`);
}

/**
 * Reads both list dialects: the spec's (`searchParam`, `pageNumber`) and ra-data-simple-rest's
 * (`filter`, `range`, `sort`). Only allowlisted filter and sort fields reach the ORM.
 */
export function parseListQuery(query: Record<string, unknown>, allow: ListAllowlist): ListQuery {
  const isRa = query.range !== undefined || query.sort !== undefined || query.filter !== undefined;
  const [defaultField, defaultOrder] = allow.defaultSort;
  if (!isRa) {
    const page = query.pageNumber === undefined || query.pageNumber === '' ? 1 : Number(query.pageNumber);
    if (!Number.isInteger(page) || page < 1 || page > 100000) throw badField('pageNumber', 'must be a positive integer');
    const search = typeof query.searchParam === 'string' ? query.searchParam.trim().slice(0, 200) : '';
    return {
      dialect: 'spec',
      search,
      offset: (page - 1) * SPEC_PAGE_SIZE,
      limit: SPEC_PAGE_SIZE,
      filters: {},
      orderBy: { [allow.sort[defaultField] ?? defaultField]: defaultOrder },
    };
  }
  const range = parseJson(query.range, 'range') ?? [0, 24];
  if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isInteger(n) && n >= 0) || range[1] < range[0]) {
    throw badField('range', 'must be [start, end]');
  }
  const [start, end] = range as [number, number];
  if (end - start + 1 > MAX_RA_PAGE) throw badField('range', `at most ${MAX_RA_PAGE} records per page`);

  const sort = parseJson(query.sort, 'sort') ?? allow.defaultSort;
  if (!Array.isArray(sort) || sort.length !== 2 || typeof sort[0] !== 'string' || !['ASC', 'DESC'].includes(String(sort[1]).toUpperCase())) {
    throw badField('sort', 'must be [field, ASC|DESC]');
  }
  const sortField = allow.sort[sort[0]];
  if (!sortField) throw badField('sort', `cannot sort by ${sort[0]}`);

  const filter = parseJson(query.filter, 'filter') ?? {};
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw badField('filter', 'must be an object');
  const filters: Record<string, unknown> = {};
  let search = '';
  for (const [key, value] of Object.entries(filter)) {
    if (key === 'q') {
      search = String(value).trim().slice(0, 200);
      continue;
    }
    const property = allow.filters[key];
    if (!property) throw badField('filter', `cannot filter by ${key}`);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) throw badField('filter', `${key} must be a value or a list`);
    filters[property] = Array.isArray(value) ? { $in: value } : value;
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
export function listResponse<T>(res: Response, name: string, query: ListQuery, result: ListResult<T>): unknown {
  if (query.dialect === 'ra') {
    const last = result.records.length ? query.offset + result.records.length - 1 : query.offset;
    res.setHeader('Content-Range', `${name} ${query.offset}-${last}/${result.count}`);
    res.setHeader('Access-Control-Expose-Headers', 'Content-Range');
    return result.records;
  }
  return { [name]: result.records, hasMore: query.offset + result.records.length < result.count, count: result.count };
}

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
