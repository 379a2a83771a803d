import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { type ScopedSql, tenantSql } from '../infra/database/sql.js';
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

/** The row of `channel_auth_keys` that holds a connection's fencing token (see `takeFence`). */
const FENCE_TYPE = 'lease-fence';
const FENCE_KEY = 'holder';

/** A credential write by a session that is no longer the connection's newest: another process started one since. */
export class FencedOff extends Error {
  constructor(whatsappId: number) {
    super(`connection ${whatsappId}: a newer session holds the connection; this one may not write its credentials`);
  }
}

/** Runs a fenced credential write; a refusal tells the session it was fenced off (it stops) before it is rethrown. */
export async function fencedWrite(work: Promise<void>, lease: { fencedOff(): void } | undefined): Promise<void> {
  try {
    await work;
  } catch (error) {
    if (error instanceof FencedOff) lease?.fencedOff();
    throw error;
  }
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

  /**
   * Every session start writes a fresh token here, after taking the connection's lease. A session's credential writes
   * name its token and are refused (FencedOff) once another session started since, even if a Redis loss let two
   * processes believe they hold the lease: Baileys' keys are never written by two sockets.
   */
  async takeFence(companyId: number, whatsappId: number, token: string): Promise<void> {
    await this.sql(companyId).run(
      `insert into channel_auth_keys (company_id, whatsapp_id, type, key_id, value) values (?, ?, ?, ?, ?)
       on conflict (company_id, whatsapp_id, type, key_id) do update set value = excluded.value, updated_at = now()`,
      [companyId, whatsappId, FENCE_TYPE, FENCE_KEY, token],
    );
  }

  /** Whether the session that took this token is still the connection's newest. */
  async fenceHolds(companyId: number, whatsappId: number, token: string): Promise<boolean> {
    const [row] = await this.sql(companyId).all<{ value: string }>(
      'select value from channel_auth_keys where company_id = ? and whatsapp_id = ? and type = ? and key_id = ?',
      [companyId, whatsappId, FENCE_TYPE, FENCE_KEY],
    );
    return row?.value === token;
  }

  /** Inside a write's transaction: the token row is read under a share lock, so a new start waits for the write. */
  private async checkFence(sql: ScopedSql, companyId: number, whatsappId: number, token: string): Promise<void> {
    const [row] = await sql.all<{ value: string }>(
      'select value from channel_auth_keys where company_id = ? and whatsapp_id = ? and type = ? and key_id = ? for share',
      [companyId, whatsappId, FENCE_TYPE, FENCE_KEY],
    );
    if (row?.value !== token) throw new FencedOff(whatsappId);
  }

  /** Upserts and deletes (a null value) in one transaction; with `fence`, only while that session is the newest. */
  async write(companyId: number, whatsappId: number, rows: AuthKeyWrite[], fence?: string): Promise<void> {
    // Sorted so concurrent writers lock rows in the same order and cannot deadlock.
    const sorted = [...rows].sort((a, b) => a.type.localeCompare(b.type) || a.keyId.localeCompare(b.keyId));
    const upserts = sorted.filter((row): row is AuthKeyWrite & { value: string } => row.value !== null);
    const deletes = sorted.filter((row) => row.value === null);
    await forkForCompany(this.em, companyId).transactional(async (tx) => {
      const sql = this.sql(companyId, tx);
      if (fence !== undefined) await this.checkFence(sql, companyId, whatsappId, fence);
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

  /**
   * Drops every credential and key of one connection (logout, new QR code, a device the phone unlinked), its fencing
   * token included; with `fence`, only while that session is the newest.
   */
  async clear(companyId: number, whatsappId: number, fence?: string): Promise<void> {
    if (fence === undefined) {
      await this.sql(companyId).run('delete from channel_auth_keys where company_id = ? and whatsapp_id = ?', [companyId, whatsappId]);
      return;
    }
    await forkForCompany(this.em, companyId).transactional(async (tx) => {
      const sql = this.sql(companyId, tx);
      await this.checkFence(sql, companyId, whatsappId, fence);
      await sql.run('delete from channel_auth_keys where company_id = ? and whatsapp_id = ?', [companyId, whatsappId]);
    });
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
