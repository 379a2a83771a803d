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

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.pool = new pg.Pool({ connectionString: config.databaseUrl, max: Number(process.env.DB_HOT_POOL_MAX ?? 10) });
    this.pool.on('error', () => undefined);
  }

  /** Runs a named prepared statement; `?` placeholders become $1..$n once, when the statement is declared. */
  async query<T>(statement: PreparedStatement, values: unknown[]): Promise<T[]> {
    const result = await this.pool.query({ name: statement.name, text: statement.text, values });
    return result.rows as T[];
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}

export interface PreparedStatement {
  name: string;
  text: string;
  /** The parameters that bind the company, read once here so `tenantSql` checks a hot statement at no cost. */
  companyParams: readonly number[];
}

/** Declares a prepared statement from SQL written with `?` placeholders. */
export function prepared(name: string, sql: string): PreparedStatement {
  let index = 0;
  return { name, text: sql.replace(/\?/g, () => `$${++index}`), companyParams: companyPlaceholders(sql) };
}

@Global()
@Module({ providers: [HotPathPool], exports: [HotPathPool] })
export class HotPathPoolModule {}
