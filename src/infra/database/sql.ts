import { raw, type RawQueryFragment } from '@mikro-orm/core';
import { assertCompanyBound, companyPlaceholders } from './company-scope.js';
import { HotPathPool, type PreparedStatement } from './pg-pool.js';

export { TenantScopeViolation } from './company-scope.js';

/**
 * What runs `?` SQL for the helper: `em.getConnection()` runs a statement on its own (what repositories use), an
 * EntityManager runs it in that manager's transaction when it has one.
 */
export interface SqlExecutor {
  execute(sql: string, params: unknown[], method: 'all' | 'run'): Promise<unknown>;
}

/** Statements written with `?` placeholders, run through an executor. */
export interface ScopedSql {
  all<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** For statements whose rows nobody reads. */
  run(sql: string, params?: readonly unknown[]): Promise<void>;
}

/** Named prepared statements on the hot-path pool (see `prepared`). */
export interface ScopedPreparedSql {
  all<T>(statement: PreparedStatement, params: readonly unknown[]): Promise<T[]>;
}

/** Raw SQL does not see the ORM's tenant filter, so the analysis of each text is kept: the check costs one lookup. */
const analysed = new Map<string, number[]>();
const ANALYSED_MAX = 2000;

function placeholdersOf(sql: string): number[] {
  let found = analysed.get(sql);
  if (!found) {
    found = companyPlaceholders(sql);
    // Texts built at run time (lists of values) are few but unbounded: start over rather than grow for ever.
    if (analysed.size >= ANALYSED_MAX) analysed.clear();
    analysed.set(sql, found);
  }
  return found;
}

class Statements implements ScopedSql {
  constructor(
    private readonly db: SqlExecutor,
    private readonly companyId: number | null,
  ) {}

  async all<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    if (this.companyId !== null) assertCompanyBound(placeholdersOf(sql), params, this.companyId, sql);
    return (await this.db.execute(sql, params as unknown[], 'all')) as T[];
  }

  async run(sql: string, params: readonly unknown[] = []): Promise<void> {
    if (this.companyId !== null) assertCompanyBound(placeholdersOf(sql), params, this.companyId, sql);
    await this.db.execute(sql, params as unknown[], 'run');
  }
}

class PreparedStatements implements ScopedPreparedSql {
  constructor(
    private readonly pool: HotPathPool,
    private readonly companyId: number | null,
  ) {}

  async all<T>(statement: PreparedStatement, params: readonly unknown[]): Promise<T[]> {
    if (this.companyId !== null) assertCompanyBound(statement.companyParams, params, this.companyId, statement.text);
    return this.pool.query<T>(statement, params as unknown[]);
  }
}

/**
 * SQL of one company. Every statement must compare `company_id` with a bound parameter equal to `companyId` (or read
 * the company's own row by id); anything else is refused before it reaches the database.
 */
export function tenantSql(db: HotPathPool, companyId: number): ScopedPreparedSql;
export function tenantSql(db: SqlExecutor, companyId: number): ScopedSql;
export function tenantSql(db: HotPathPool | SqlExecutor, companyId: number): ScopedSql | ScopedPreparedSql {
  return db instanceof HotPathPool ? new PreparedStatements(db, companyId) : new Statements(db, companyId);
}

/**
 * SQL that spans companies on purpose (sweeps, the inbox replay, the health check, lookups by token before the
 * company is known). Unchecked: each call says why on the line above it, and the placement test insists.
 */
export function systemSql(db: HotPathPool): ScopedPreparedSql;
export function systemSql(db: SqlExecutor): ScopedSql;
export function systemSql(db: HotPathPool | SqlExecutor): ScopedSql | ScopedPreparedSql {
  return db instanceof HotPathPool ? new PreparedStatements(db, null) : new Statements(db, null);
}

/** A SQL fragment for an ORM query (which applies the tenant filter to its entity, not to the fragment), checked alike. */
export function tenantRaw(companyId: number, sql: string, params: readonly unknown[]): RawQueryFragment {
  assertCompanyBound(placeholdersOf(sql), params, companyId, sql);
  return raw(sql, params as unknown[]);
}
