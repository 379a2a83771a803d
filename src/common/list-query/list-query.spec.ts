import { describe, expect, it } from '@jest/globals';
import { AppError } from '../errors/app-error.js';
import { likePattern, type ListAllowlist, parseListQuery, SPEC_PAGE_SIZE } from './list-query.js';

const allow: ListAllowlist = { filters: { profile: 'profile' }, sort: { id: 'id', name: 'name' }, defaultSort: ['name', 'ASC'] };

describe('parseListQuery', () => {
  it('reads the spec dialect', () => {
    expect(parseListQuery({ searchParam: ' ana ', pageNumber: '3' }, allow)).toEqual({
      dialect: 'spec',
      search: 'ana',
      offset: 2 * SPEC_PAGE_SIZE,
      limit: SPEC_PAGE_SIZE,
      filters: {},
      orderBy: { name: 'ASC' },
    });
  });

  it('reads the react-admin dialect with allowlisted filters and sort', () => {
    const q = parseListQuery({ range: '[10,19]', sort: '["id","DESC"]', filter: '{"q":"x","profile":["admin","user"]}' }, allow);
    expect(q).toEqual({ dialect: 'ra', search: 'x', offset: 10, limit: 10, filters: { profile: { $in: ['admin', 'user'] } }, orderBy: { id: 'DESC' } });
  });

  it.each([
    [{ pageNumber: '0' }],
    [{ pageNumber: 'abc' }],
    [{ range: '[5,1]' }],
    [{ range: 'nope' }],
    [{ sort: '["passwordHash","ASC"]' }],
    [{ filter: '{"passwordHash":"x"}' }],
    [{ filter: '{"profile":{"$ne":"admin"}}' }],
  ])('refuses %j with ERR_VALIDATION', (query) => {
    expect(() => parseListQuery(query, allow)).toThrow(AppError);
  });

  it('escapes LIKE wildcards', () => {
    expect(likePattern('50%_a\\')).toBe('%50\\%\\_a\\\\%');
  });
});
