import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { tenantSql } from '../infra/database/sql.js';
import { forkForCompany } from '../infra/database/tenant-scope.js';
import type { AuthKeyWrite } from './baileys/auth-state.js';

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
 * Credentials and signal keys of the connections in `channel_auth_keys`. Each statement runs on a fork scoped to its
 * company and names the company and the connection itself.
 */
@Injectable()
export class ChannelAuthKeysRepository {
  constructor(private readonly em: EntityManager) {}

  private sql(companyId: number, em: EntityManager = forkForCompany(this.em, companyId)) {
    return tenantSql(em, companyId);
  }

  /** Only the requested rows, as keyId → serialised value. */
  async read(companyId: number, whatsappId: number, type: string, keyIds: string[]): Promise<Map<string, string>> {
    if (!keyIds.length) return new Map();
    const rows = await this.sql(companyId).all<{ key_id: string; value: string }>(
      'select key_id, value from channel_auth_keys where company_id = ? and whatsapp_id = ? and type = ? and key_id in (?)',
      [companyId, whatsappId, type, keyIds],
    );
    return new Map(rows.map((row) => [row.key_id, row.value]));
  }

  /** Upserts and deletes (a null value) in one transaction. */
  async write(companyId: number, whatsappId: number, rows: AuthKeyWrite[]): Promise<void> {
    // Sorted so concurrent writers lock rows in the same order and cannot deadlock.
    const sorted = [...rows].sort((a, b) => a.type.localeCompare(b.type) || a.keyId.localeCompare(b.keyId));
    const upserts = sorted.filter((row): row is AuthKeyWrite & { value: string } => row.value !== null);
    const deletes = sorted.filter((row) => row.value === null);
    await forkForCompany(this.em, companyId).transactional(async (tx) => {
      const sql = this.sql(companyId, tx);
      for (const part of chunks(upserts)) {
        const values = part.map(() => '(?, ?, ?, ?, ?)').join(', ');
        const params = part.flatMap((row) => [companyId, whatsappId, row.type, row.keyId, row.value]);
        await sql.run(
          `insert into channel_auth_keys (company_id, whatsapp_id, type, key_id, value) values ${values}
           on conflict (company_id, whatsapp_id, type, key_id) do update set value = excluded.value, updated_at = now()`,
          params,
        );
      }
      for (const [type, keyIds] of byType(deletes)) {
        for (const part of chunks(keyIds)) {
          await sql.run('delete from channel_auth_keys where company_id = ? and whatsapp_id = ? and type = ? and key_id in (?)', [
            companyId,
            whatsappId,
            type,
            part,
          ]);
        }
      }
    });
  }

  /** Drops every credential and key of one connection (logout, new QR code, a device the phone unlinked). */
  async clear(companyId: number, whatsappId: number): Promise<void> {
    await this.sql(companyId).run('delete from channel_auth_keys where company_id = ? and whatsapp_id = ?', [companyId, whatsappId]);
  }

  /** Whether the connection has credentials (the simulator keeps a "linked" flag there). */
  async hasCredentials(companyId: number, whatsappId: number): Promise<boolean> {
    const rows = await this.sql(companyId).all(`select 1 from channel_auth_keys where company_id = ? and whatsapp_id = ? and type = 'creds'`, [
      companyId,
      whatsappId,
    ]);
    return rows.length > 0;
  }

  /** The simulator's stand-in for real credentials. */
  async linkSimulator(companyId: number, whatsappId: number): Promise<void> {
    await this.sql(companyId).run(
      `insert into channel_auth_keys (company_id, whatsapp_id, type, key_id, value, created_at, updated_at)
       values (?, ?, 'creds', 'creds', '{"simulator":true}', now(), now())
       on conflict (company_id, whatsapp_id, type, key_id) do nothing`,
      [companyId, whatsappId],
    );
  }
}
