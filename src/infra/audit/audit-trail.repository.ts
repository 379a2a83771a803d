import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { type SqlExecutor, tenantSql } from '../../infra/database/sql.js';
import type { AuditActor, AuditEntry } from './audit-entry.js';

const INSERT_SQL = `insert into audit_logs (company_id, user_id, ip, action, subject_type, subject_id, changes)
  values (?, ?, ?, ?, ?, ?, ?::jsonb)`;

/** Appends entries to the trail; nothing here updates or deletes one. */
@Injectable()
export class AuditTrailRepository {
  constructor(private readonly em: EntityManager) {}

  /** Written through `executor`: the EntityManager of the transaction that makes the change, so both commit or neither. */
  async insert(executor: SqlExecutor, actor: AuditActor, entries: readonly AuditEntry[]): Promise<void> {
    for (const entry of entries) {
      const companyId = entry.companyId ?? actor.companyId;
      await tenantSql(executor, companyId).run(INSERT_SQL, [
        companyId,
        actor.userId,
        actor.ip ? actor.ip.slice(0, 64) : null,
        entry.action,
        entry.subjectType,
        entry.subjectId === null ? null : String(entry.subjectId),
        JSON.stringify(entry.changes ?? {}),
      ]);
    }
  }

  /** On its own connection, for events that change no row of their own. */
  insertAlone(actor: AuditActor, entries: readonly AuditEntry[]): Promise<void> {
    return this.insert(this.em.getConnection(), actor, entries);
  }
}
