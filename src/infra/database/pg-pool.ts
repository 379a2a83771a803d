import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { companyPlaceholders } from './company-scope.js';

/**
 * A plain pg pool for the few hot statements (the inbound pipeline) that run as named prepared statements:
 * Postgres plans them once per connection instead of once per message. Repositories reach it through `tenantSql` or
 * `systemSql` (sql.ts), like every other statement.
 */
@Injectable()
export class HotPathPool implements OnApplicationShutdown {
  readonly pool: pg.Pool;
  /**
   * Sessions that plan every prepared statement once, generically (`plan_cache_mode = force_generic_plan`): the
   * per-request reads (lists, counters, the auth context) whose custom plans cost as much to make as to run. Created
   * on first use.
   */
  private genericPool: pg.Pool | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.pool = new pg.Pool({ connectionString: config.databaseUrl, max: Number(process.env.DB_HOT_POOL_MAX ?? 10) });
    this.pool.on('error', () => undefined);
  }

  /** Every pool in use (the ORM's metrics read their counts). */
  pools(): Array<{ name: string; pool: pg.Pool }> {
    return [{ name: 'hot', pool: this.pool }, ...(this.genericPool ? [{ name: 'generic', pool: this.genericPool }] : [])];
  }

  /**
   * Runs a statement: a named one is prepared once per connection (`?` placeholders became $1..$n when it was
   * declared); an unnamed one (`unprepared`) is planned for its values every time.
   */
  async query<T>(statement: PreparedStatement, values: unknown[]): Promise<T[]> {
    const pool = statement.plan === 'generic' ? this.generic() : this.pool;
    const result = await pool.query(statement.name ? { name: statement.name, text: statement.text, values } : { text: statement.text, values });
    return result.rows as T[];
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.pool.end(), this.genericPool?.end()]);
  }

  private generic(): pg.Pool {
    if (!this.genericPool) {
      this.genericPool = new pg.Pool({
        connectionString: this.config.databaseUrl,
        max: Number(process.env.DB_HOT_POOL_MAX ?? 10),
        options: '-c plan_cache_mode=force_generic_plan',
      });
      this.genericPool.on('error', () => undefined);
    }
    return this.genericPool;
  }
}

export interface PreparedStatement {
  /** Empty for a statement planned at every execution (`unprepared`). */
  name: string;
  text: string;
  /** `generic`: planned once for any values (see HotPathPool); default: Postgres chooses after five executions. */
  plan?: 'generic';
  /** The parameters that bind the company, read once here so `tenantSql` checks a hot statement at no cost. */
  companyParams: readonly number[];
}

/** Declares a prepared statement from SQL written with `?` placeholders. */
export function prepared(name: string, sql: string, options: { plan?: 'generic' } = {}): PreparedStatement {
  let index = 0;
  return { name, text: sql.replace(/\?/g, () => `$${++index}`), companyParams: companyPlaceholders(sql), ...options };
}

/**
 * A statement for the hot-path pool that is planned for its values at every execution: a search, whose best plan
 * depends on how selective its pattern is.
 */
export function unprepared(sql: string): PreparedStatement {
  return prepared('', sql);
}

@Global()
@Module({ providers: [HotPathPool], exports: [HotPathPool] })
export class HotPathPoolModule {}
