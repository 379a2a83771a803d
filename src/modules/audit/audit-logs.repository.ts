import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { systemSql, tenantSql } from '../../infra/database/sql.js';
import type { AuditChanges } from '../../infra/audit/audit-entry.js';

/** One entry as the list reads it, with the acting user's current name (null once that user is deleted). */
export interface AuditLogRow {
  id: string;
  company_id: number;
  user_id: number | null;
  user_name: string | null;
  ip: string | null;
  action: string;
  subject_type: string;
  subject_id: string | null;
  changes: AuditChanges;
  created_at: Date;
}

export interface AuditLogFilter {
  /** Null: every company (a super user's view). */
  companyId: number | null;
  userId?: number;
  action?: string;
  subjectType?: string;
  subjectId?: string;
  from?: Date;
  to?: Date;
}

const COLUMNS = `a.id::text as id, a.company_id, a.user_id, u.name as user_name, a.ip, a.action, a.subject_type, a.subject_id,
  a.changes, a.created_at`;

/** The `where` of a filtered list: every value bound, nothing from the client in the text. */
function whereOf(filter: AuditLogFilter): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    parts.push(sql);
    params.push(value);
  };
  if (filter.companyId !== null) add('a.company_id = ?', filter.companyId);
  if (filter.userId !== undefined) add('a.user_id = ?', filter.userId);
  if (filter.action !== undefined) add('a.action = ?', filter.action);
  if (filter.subjectType !== undefined) add('a.subject_type = ?', filter.subjectType);
  if (filter.subjectId !== undefined) add('a.subject_id = ?', filter.subjectId);
  if (filter.from !== undefined) add('a.created_at >= ?', filter.from);
  if (filter.to !== undefined) add('a.created_at <= ?', filter.to);
  return { sql: parts.length ? `where ${parts.join(' and ')}` : '', params };
}

/** The append-only trail as it is read (newest first) and expired (by age only); entries are written by AuditTrail. */
@Injectable()
export class AuditLogsRepository {
  constructor(private readonly em: EntityManager) {}

  async list(filter: AuditLogFilter, offset: number, limit: number, ascending = false): Promise<{ rows: AuditLogRow[]; count: number }> {
    const where = whereOf(filter);
    const direction = ascending ? 'asc' : 'desc';
    const rowsSql = `select ${COLUMNS} from audit_logs a left join users u on u.id = a.user_id ${where.sql}
      order by a.created_at ${direction}, a.id ${direction} offset ? limit ?`;
    const countSql = `select count(*)::int as n from audit_logs a ${where.sql}`;
    const sql = this.sqlFor(filter.companyId);
    const [rows, counted] = await Promise.all([
      sql.all<AuditLogRow>(rowsSql, [...where.params, offset, limit]),
      sql.all<{ n: number }>(countSql, where.params),
    ]);
    return { rows, count: counted[0]?.n ?? 0 };
  }

  async findOne(companyId: number | null, id: string): Promise<AuditLogRow | null> {
    const where = whereOf({ companyId });
    const rows = await this.sqlFor(companyId).all<AuditLogRow>(
      `select ${COLUMNS} from audit_logs a left join users u on u.id = a.user_id ${where.sql ? `${where.sql} and` : 'where'} a.id = ?::bigint`,
      [...where.params, id],
    );
    return rows[0] ?? null;
  }

  /**
   * Removes entries older than `before`, at most `batch` of them, in a transaction that tells the append-only trigger
   * it is the retention job. Answers how many went.
   */
  async expire(before: Date, batch: number): Promise<number> {
    return this.em.fork().transactional(async (tx) => {
      // The retention job is the one writer allowed to delete, across every company, by age alone.
      const sql = systemSql(tx);
      await sql.run(`set local audit.retention = 'on'`);
      const removed = await sql.all<{ id: string }>(
        `delete from audit_logs where id in (select id from audit_logs where created_at < ? order by created_at limit ?) returning id`,
        [before, batch],
      );
      return removed.length;
    });
  }

  /** A super user's view spans companies; everyone else's statements are checked against their company. */
  private sqlFor(companyId: number | null) {
    // A super user reads every company's trail on purpose (the route allows it to super users only).
    return companyId === null ? systemSql(this.em.getConnection()) : tenantSql(this.em.getConnection(), companyId);
  }
}
