import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { createOrmConfig } from '../../mikro-orm.config.js';
import { TENANT_FILTER, TenantScopeMissingError, tenantFilter } from './tenant-filter.js';

/** The first property of an index, or `company` for an index written as SQL whose column list opens with company_id. */
function leadingProperty(index: { properties?: unknown; expression?: unknown }): unknown {
  if (typeof index.expression === 'string') return /\(\s*"?company_id"?[\s,]/.test(index.expression) ? 'company' : index.expression;
  return [index.properties].flat()[0];
}

describe('tenant filter coverage', () => {
  let orm: MikroORM;

  beforeAll(() => {
    // Metadata discovery only: nothing here talks to a database.
    orm = new MikroORM(createOrmConfig('postgresql://postgres@127.0.0.1:1/unused'));
  });
  afterAll(() => orm.close());

  const tenantOwnedEntities = () => Array.from(orm.getMetadata().getAll().values()).filter((meta) => !meta.abstract && meta.properties.company);

  it('covers every entity that has a company property', () => {
    const tenantOwned = tenantOwnedEntities();
    expect(tenantOwned.length).toBeGreaterThan(0);
    const uncovered = tenantOwned.filter((meta) => meta.filters[TENANT_FILTER]?.default !== true).map((m) => m.className);
    expect(uncovered).toEqual([]);
  });

  it('leads every unique key and index of tenant-owned entities with company_id', () => {
    const offenders = tenantOwnedEntities()
      .flatMap((meta) => [...meta.uniques, ...meta.indexes].map((ix) => ({ name: meta.className, first: leadingProperty(ix) })))
      .filter((ix) => ix.first !== 'company')
      .map((ix) => ix.name);
    expect(offenders).toEqual([]);
  });

  it('fails closed when no company is in scope', () => {
    const cond = tenantFilter.cond as (args: unknown, ...rest: unknown[]) => unknown;
    expect(() => cond(undefined, 'read', null, {}, 'User')).toThrow(TenantScopeMissingError);
    expect(() => cond({}, 'read', null, {}, 'User')).toThrow(TenantScopeMissingError);
    expect(cond({ companyId: 7 }, 'read', null, {}, 'User')).toEqual({ company: 7 });
  });
});
