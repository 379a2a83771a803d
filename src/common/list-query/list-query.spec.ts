import { describe, expect, it } from '@jest/globals';
import { AppError } from '../errors/app-error.js';
import { likePattern, type ListAllowlist, parseListQuery, SPEC_PAGE_SIZE } from './list-query.js';

const allow: ListAllowlist = { filters: { profile: 'profile', id: 'id' }, sort: { id: 'id', name: 'name' }, defaultSort: ['name', 'ASC'] };

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

  it('answers every record up to unpagedLimit when the spec dialect comes without pageNumber', () => {
    const unpaged = { ...allow, unpagedLimit: 1000 };
    expect(parseListQuery({}, unpaged).limit).toBe(1000);
    expect(parseListQuery({ pageNumber: '2' }, unpaged)).toMatchObject({ offset: SPEC_PAGE_SIZE, limit: SPEC_PAGE_SIZE });
    expect(parseListQuery({ range: '[0,9]' }, unpaged).limit).toBe(10);
    expect(parseListQuery({}, allow).limit).toBe(SPEC_PAGE_SIZE);
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
    [{ sort: '["__proto__","ASC"]' }],
    [{ sort: '["constructor","ASC"]' }],
    [{ sort: '["toString","ASC"]' }],
    [{ filter: '{"__proto__":1}' }],
    [{ filter: '{"toString":1}' }],
    [{ range: '[1e20,1e20]' }],
    [{ pageNumber: '1e20' }],
    [{ filter: '{"id":"abc"}' }],
    [{ filter: '{"id":1e20}' }],
    [{ filter: '{"id":[1,"x"]}' }],
    [{ filter: '{"profile":"a\\u0000b"}' }],
  ])('refuses %j with ERR_VALIDATION', (query) => {
    expect(() => parseListQuery(query, allow)).toThrow(AppError);
  });

  it('names the offending field', () => {
    const failure = (query: Record<string, unknown>) => {
      try {
        parseListQuery(query, allow);
      } catch (error) {
        return (error as AppError).extra.fields;
      }
      return null;
    };
    expect(failure({ filter: '{"id":"abc"}' })).toEqual([{ field: 'filter.id', messages: ['must be an integer'] }]);
    expect(failure({ sort: '["__proto__","ASC"]' })).toEqual([{ field: 'sort', messages: ['cannot sort by __proto__'] }]);
    expect(failure({ range: '[1e20,1e20]' })).toEqual([{ field: 'range', messages: ['must be [start, end]'] }]);
  });

  it('reads filter values by column type', () => {
    const typed: ListAllowlist = { ...allow, filters: { id: 'id', kanban: 'kanban', profile: 'profile' }, filterTypes: { kanban: 'boolean' } };
    expect(parseListQuery({ filter: '{"id":["3",4],"kanban":"true","profile":"admin"}' }, typed).filters).toEqual({
      id: { $in: [3, 4] },
      kanban: true,
      profile: 'admin',
    });
  });

  it('leaves filter.companyId to @CompanyIdQuery on company-scoped lists only', () => {
    const filter = '{"companyId":7,"profile":"admin"}';
    expect(parseListQuery({ filter }, { ...allow, companyScoped: true }).filters).toEqual({ profile: 'admin' });
    expect(() => parseListQuery({ filter }, allow)).toThrow(AppError);
  });

  it('escapes LIKE wildcards', () => {
    expect(likePattern('50%_a\\')).toBe('%50\\%\\_a\\\\%');
  });
});
