import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { tenantSql } from '../../infra/database/sql.js';

export type RotationOutcome =
  | { kind: 'rotated'; family: string }
  /**
   * Presented again just after its rotation: two tabs refreshing at once, or a page that navigated away before the
   * new cookie arrived. Not a theft: it is served once more.
   */
  | { kind: 'raced'; family: string }
  /** Presented again later: someone else holds a copy. */
  | { kind: 'reused'; family: string }
  | { kind: 'invalid' };

/** A token used again within this window of its rotation is served again instead of revoking its family. */
const RACE_WINDOW_SECONDS = 5;

@Injectable()
export class RefreshTokensRepository {
  constructor(private readonly em: EntityManager) {}

  /** Through the EntityManager: inside a transaction (a refresh's rotation and new token), statements join it. */
  private sql(companyId: number) {
    return tenantSql(this.em, companyId);
  }

  async record(companyId: number, userId: number, id: string, family: string, expiresAt: Date): Promise<void> {
    await this.sql(companyId).run('insert into refresh_tokens (id, family, company_id, user_id, expires_at) values (?, ?, ?, ?, ?)', [
      id,
      family,
      companyId,
      userId,
      expiresAt,
    ]);
  }

  /** Marks the token used, once: the first presentation wins, atomically. */
  async rotate(companyId: number, userId: number, id: string): Promise<RotationOutcome> {
    const sql = this.sql(companyId);
    const [used] = await sql.all<{ family: string }>(
      `update refresh_tokens set used_at = now()
        where company_id = ? and user_id = ? and id = ? and used_at is null and revoked_at is null and expires_at > now()
        returning family`,
      [companyId, userId, id],
    );
    if (used) return { kind: 'rotated', family: used.family };
    const [row] = await sql.all<{ family: string; revoked: boolean; raced: boolean; used: boolean }>(
      `select family, revoked_at is not null as revoked, used_at is not null as used,
              used_at > now() - make_interval(secs => ?) as raced
         from refresh_tokens where company_id = ? and user_id = ? and id = ?`,
      [RACE_WINDOW_SECONDS, companyId, userId, id],
    );
    if (!row || row.revoked || !row.used) return { kind: 'invalid' };
    return { kind: row.raced ? 'raced' : 'reused', family: row.family };
  }

  async revokeFamily(companyId: number, family: string): Promise<void> {
    await this.sql(companyId).run('update refresh_tokens set revoked_at = now() where company_id = ? and family = ? and revoked_at is null', [
      companyId,
      family,
    ]);
  }

  /** Every refresh token of the user stops working (password change, logout, reuse). */
  async revokeUser(companyId: number, userId: number): Promise<void> {
    await this.sql(companyId).run('update refresh_tokens set revoked_at = now() where company_id = ? and user_id = ? and revoked_at is null', [
      companyId,
      userId,
    ]);
  }

  /**
   * Rows that can never be presented successfully again. A used token stays until it expires: presented again at any
   * time before, it is recognised as reuse and ends the family.
   */
  async prune(companyId: number, userId: number): Promise<void> {
    await this.sql(companyId).run(
      `delete from refresh_tokens where company_id = ? and user_id = ?
          and (expires_at < now() or revoked_at < now() - interval '1 day')`,
      [companyId, userId],
    );
  }

  /** The next token version of the user, atomically (parallel logins each get their own). */
  async bumpTokenVersion(companyId: number, userId: number): Promise<number> {
    const [row] = await this.sql(companyId).all<{ token_version: number }>(
      'update users set token_version = token_version + 1 where company_id = ? and id = ? returning token_version',
      [companyId, userId],
    );
    return row?.token_version ?? 0;
  }
}
