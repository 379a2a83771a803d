import type { EntityManager } from '@mikro-orm/postgresql';
import { forkForCompany } from '../../infra/database/tenant-scope.js';
import type { AuthKeyStore, AuthKeyWrite } from './auth-state.js';

/** Keeps one statement's inlined parameters to a reasonable size (a fresh device uploads hundreds of pre-keys). */
const CHUNK = 200;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

function byType(rows: AuthKeyWrite[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const row of rows) {
    const ids = groups.get(row.type);
    if (ids) ids.push(row.keyId);
    else groups.set(row.type, [row.keyId]);
  }
  return groups;
}

/**
 * Credentials and signal keys of one connection in `channel_auth_keys`. Raw SQL bypasses the tenant filter, so every
 * statement names the company and the connection itself.
 */
export class PostgresAuthKeyStore implements AuthKeyStore {
  constructor(
    private readonly em: EntityManager,
    private readonly companyId: number,
    private readonly whatsappId: number,
  ) {}

  async read(type: string, keyIds: string[]): Promise<Map<string, string>> {
    if (!keyIds.length) return new Map();
    const rows = await forkForCompany(this.em, this.companyId).execute<{ key_id: string; value: string }[]>(
      'select key_id, value from channel_auth_keys where company_id = ? and whatsapp_id = ? and type = ? and key_id in (?)',
      [this.companyId, this.whatsappId, type, keyIds],
    );
    return new Map(rows.map((row) => [row.key_id, row.value]));
  }

  async write(rows: AuthKeyWrite[]): Promise<void> {
    // Sorted so concurrent writers lock rows in the same order and cannot deadlock.
    const sorted = [...rows].sort((a, b) => a.type.localeCompare(b.type) || a.keyId.localeCompare(b.keyId));
    const upserts = sorted.filter((row): row is AuthKeyWrite & { value: string } => row.value !== null);
    const deletes = sorted.filter((row) => row.value === null);
    await forkForCompany(this.em, this.companyId).transactional(async (tx) => {
      for (const part of chunks(upserts)) {
        const values = part.map(() => '(?, ?, ?, ?, ?)').join(', ');
        const params = part.flatMap((row) => [this.companyId, this.whatsappId, row.type, row.keyId, row.value]);
        await tx.execute(
          `insert into channel_auth_keys (company_id, whatsapp_id, type, key_id, value) values ${values}
           on conflict (company_id, whatsapp_id, type, key_id) do update set value = excluded.value, updated_at = now()`,
          params,
          'run',
        );
      }
      for (const [type, keyIds] of byType(deletes)) {
        for (const part of chunks(keyIds)) {
          await tx.execute(
            'delete from channel_auth_keys where company_id = ? and whatsapp_id = ? and type = ? and key_id in (?)',
            [this.companyId, this.whatsappId, type, part],
            'run',
          );
        }
      }
    });
  }

  clear(): Promise<void> {
    return clearAuthState(this.em, this.companyId, this.whatsappId);
  }
}

/** Drops every credential and key of one connection (logout, or a device the phone unlinked). */
export async function clearAuthState(em: EntityManager, companyId: number, whatsappId: number): Promise<void> {
  await forkForCompany(em, companyId).execute('delete from channel_auth_keys where company_id = ? and whatsapp_id = ?', [companyId, whatsappId], 'run');
}
