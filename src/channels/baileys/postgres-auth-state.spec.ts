import { describe, expect, it } from '@jest/globals';
import type { EntityManager } from '@mikro-orm/postgresql';
import { clearAuthState, PostgresAuthKeyStore } from './postgres-auth-state.js';

interface Query {
  sql: string;
  params: unknown[];
  inTransaction: boolean;
}

/** Stands in for the entity manager: records statements instead of running them (the e2e suite runs them for real). */
class StatementLog {
  readonly queries: Query[] = [];
  readonly scopes: unknown[] = [];
  transactions = 0;
  private inTransaction = false;

  constructor(private readonly result: unknown[] = []) {}

  fork(): this {
    return this;
  }

  setFilterParams(_name: string, params: unknown): void {
    this.scopes.push(params);
  }

  async execute(sql: string, params: unknown[]): Promise<unknown[]> {
    this.queries.push({ sql: sql.replace(/\s+/g, ' ').trim(), params, inTransaction: this.inTransaction });
    return this.result;
  }

  async transactional<T>(work: (tx: this) => Promise<T>): Promise<T> {
    this.transactions++;
    this.inTransaction = true;
    try {
      return await work(this);
    } finally {
      this.inTransaction = false;
    }
  }

  asEm(): EntityManager {
    return this as unknown as EntityManager;
  }
}

describe('PostgresAuthKeyStore', () => {
  it('reads only the requested keys of one connection in one query', async () => {
    const log = new StatementLog([{ key_id: '1', value: '{"a":1}' }]);
    const store = new PostgresAuthKeyStore(log.asEm(), 7, 42);
    const rows = await store.read('pre-key', ['1', '2']);
    expect(rows).toEqual(new Map([['1', '{"a":1}']]));
    expect(log.queries).toEqual([
      {
        sql: 'select key_id, value from channel_auth_keys where company_id = ? and whatsapp_id = ? and type = ? and key_id in (?)',
        params: [7, 42, 'pre-key', ['1', '2']],
        inTransaction: false,
      },
    ]);
    expect(log.scopes).toEqual([{ companyId: 7 }]);
  });

  it('does not query for an empty id list', async () => {
    const log = new StatementLog();
    await new PostgresAuthKeyStore(log.asEm(), 7, 42).read('session', []);
    expect(log.queries).toEqual([]);
  });

  it('upserts changed keys and deletes null ones in one transaction', async () => {
    const log = new StatementLog();
    await new PostgresAuthKeyStore(log.asEm(), 7, 42).write([
      { type: 'session', keyId: 'b', value: 'B' },
      { type: 'pre-key', keyId: '2', value: null },
      { type: 'session', keyId: 'a', value: 'A' },
      { type: 'pre-key', keyId: '1', value: null },
    ]);
    expect(log.transactions).toBe(1);
    expect(log.queries).toEqual([
      {
        sql:
          'insert into channel_auth_keys (company_id, whatsapp_id, type, key_id, value) values (?, ?, ?, ?, ?), (?, ?, ?, ?, ?) ' +
          'on conflict (company_id, whatsapp_id, type, key_id) do update set value = excluded.value, updated_at = now()',
        params: [7, 42, 'session', 'a', 'A', 7, 42, 'session', 'b', 'B'],
        inTransaction: true,
      },
      {
        sql: 'delete from channel_auth_keys where company_id = ? and whatsapp_id = ? and type = ? and key_id in (?)',
        params: [7, 42, 'pre-key', ['1', '2']],
        inTransaction: true,
      },
    ]);
  });

  it('splits a large upload into several statements of the same transaction', async () => {
    const log = new StatementLog();
    const rows = Array.from({ length: 450 }, (_, i) => ({ type: 'pre-key', keyId: String(i).padStart(3, '0'), value: 'K' }));
    await new PostgresAuthKeyStore(log.asEm(), 7, 42).write(rows);
    expect(log.transactions).toBe(1);
    expect(log.queries.map((q) => q.params.length / 5)).toEqual([200, 200, 50]);
    expect(log.queries.every((q) => q.inTransaction)).toBe(true);
  });

  it('clears every row of the connection', async () => {
    const log = new StatementLog();
    await clearAuthState(log.asEm(), 7, 42);
    await new PostgresAuthKeyStore(log.asEm(), 7, 42).clear();
    const clear = { sql: 'delete from channel_auth_keys where company_id = ? and whatsapp_id = ?', params: [7, 42], inTransaction: false };
    expect(log.queries).toEqual([clear, clear]);
  });
});
