import { describe, expect, it } from '@jest/globals';
import { companyPlaceholders } from './company-scope.js';
import { HotPathPool, prepared } from './pg-pool.js';
import { systemSql, tenantRaw, tenantSql, TenantScopeViolation, type SqlExecutor } from './sql.js';

/** Records what would reach the database. */
function recorder(): SqlExecutor & { calls: Array<[string, unknown[], string]> } {
  const calls: Array<[string, unknown[], string]> = [];
  return {
    calls,
    execute: async (sql, params, method) => {
      calls.push([sql, params, method]);
      return [{ ok: true }];
    },
  };
}

describe('companyPlaceholders', () => {
  it('finds the placeholders compared with company_id, with or without an alias', () => {
    expect(companyPlaceholders('select 1 from t where company_id = ? and id = ?')).toEqual([0]);
    expect(companyPlaceholders('update t set a = ? where t.company_id = ? and id = ?')).toEqual([1]);
    expect(companyPlaceholders('select 1 from a join b on b.company_id = ? where a.company_id=?')).toEqual([0, 1]);
  });

  it('accepts the company row by id and a declared company input', () => {
    expect(companyPlaceholders('select timezone from companies where id = ?')).toEqual([0]);
    expect(companyPlaceholders('select 1 from companies c where c.id = ?')).toEqual([0]);
    expect(companyPlaceholders('with input as (select ?::int as company_id, ?::int as whatsapp_id) select 1')).toEqual([0]);
  });

  it('finds the company_id value of every inserted row', () => {
    expect(companyPlaceholders('insert into r (id, family, company_id, user_id) values (?, ?, ?, ?)')).toEqual([2]);
    expect(companyPlaceholders('insert into k (company_id, type, value, at) values (?, \'creds\', \'{"a":1, "b":2}\', now()), (?::int, ?, ?, now())')).toEqual([
      0, 1,
    ]);
    expect(companyPlaceholders('insert into c (ticket_id, company_id) values (?, (select company_id from tickets where id = ?))')).toEqual([]);
  });

  it('ignores look-alike columns and other tables', () => {
    expect(companyPlaceholders('select 1 from t where parent_company_id = ?')).toEqual([]);
    expect(companyPlaceholders('select 1 from users where id = ?')).toEqual([]);
    expect(companyPlaceholders('delete from t where company_id = any(?::int[])')).toEqual([]);
  });

  it('counts placeholders as MikroORM substitutes them', () => {
    expect(companyPlaceholders('select ?? from t where a = \\? and company_id = ?')).toEqual([1]);
  });
});

describe('tenantSql', () => {
  it('runs a statement bound to its company', async () => {
    const db = recorder();
    await expect(tenantSql(db, 7).all('select * from t where company_id = ? and id = ?', [7, 1])).resolves.toEqual([{ ok: true }]);
    await tenantSql(db, 7).run('delete from t where company_id = ?', [7]);
    expect(db.calls.map(([, params, method]) => [params, method])).toEqual([
      [[7, 1], 'all'],
      [[7], 'run'],
    ]);
  });

  it('refuses a statement without a company constraint, or bound to another company', async () => {
    const db = recorder();
    await expect(tenantSql(db, 7).all('select * from t where id = ?', [1])).rejects.toThrow(TenantScopeViolation);
    await expect(tenantSql(db, 7).all('select * from t where company_id = ?', [8])).rejects.toThrow(TenantScopeViolation);
    await expect(tenantSql(db, 7).all('select * from a, b where a.company_id = ? and b.company_id = ?', [7, 8])).rejects.toThrow(TenantScopeViolation);
    await expect(tenantSql(db, 7).all('select * from t where company_id = ?', ['7'])).rejects.toThrow(TenantScopeViolation);
    await expect(tenantSql(db, 0).all('select * from t where company_id = ?', [0])).rejects.toThrow(TenantScopeViolation);
    expect(db.calls).toEqual([]);
  });

  it('checks prepared statements against the parameters read when they were declared', async () => {
    const statement = prepared('spec_one', 'select * from t where company_id = ? and id = ?');
    expect(statement).toMatchObject({ text: 'select * from t where company_id = $1 and id = $2', companyParams: [0] });
    const queries: unknown[][] = [];
    // A pool without connections: only its prepared-statement entry point is called.
    const pool = Object.assign(Object.create(HotPathPool.prototype) as HotPathPool, {
      query: async (_statement: unknown, values: unknown[]) => {
        queries.push(values);
        return [];
      },
    });
    await tenantSql(pool, 3).all(statement, [3, 9]);
    await expect(tenantSql(pool, 3).all(statement, [4, 9])).rejects.toThrow(TenantScopeViolation);
    await systemSql(pool).all(prepared('spec_all', 'select * from t'), []);
    expect(queries).toEqual([[3, 9], []]);
  });
});

describe('systemSql', () => {
  it('runs statements across companies unchecked', async () => {
    const db = recorder();
    await systemSql(db).all('select id from companies where due_date < now()');
    expect(db.calls).toEqual([['select id from companies where due_date < now()', [], 'all']]);
  });
});

describe('tenantRaw', () => {
  it('builds a checked fragment', () => {
    expect(() => tenantRaw(5, '(select timezone from companies where id = ?)', [5])).not.toThrow();
    expect(() => tenantRaw(5, '(select timezone from companies where id = ?)', [6])).toThrow(TenantScopeViolation);
  });
});
