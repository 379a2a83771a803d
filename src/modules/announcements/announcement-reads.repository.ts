import { Injectable } from '@nestjs/common';
import { HotPathPool, prepared } from '../../infra/database/pg-pool.js';
import { tenantSql } from '../../infra/database/sql.js';

/** Which of the given announcements a user has read. */
const READ_AMONG_SQL = prepared(
  'announcement_reads_among',
  `select r.announcement_id as id from announcement_reads r
    where r.company_id = ? and r.user_id = ? and r.announcement_id = any(?::int[])`,
);

/** Active announcements the user has not read (announcements are global; the markers are the company's). */
const UNREAD_COUNT_SQL = prepared(
  'announcement_unread_count',
  `select count(*)::int as n from announcements a
    where a.status
      and not exists (select 1 from announcement_reads r where r.company_id = ? and r.user_id = ? and r.announcement_id = a.id)`,
);

/** Marks the active ones among the ids read; a repeat (another tab, a double click) changes nothing. */
const MARK_READ_SQL = prepared(
  'announcement_mark_read',
  `insert into announcement_reads (company_id, user_id, announcement_id)
   select ?::int as company_id, ?::int, a.id from announcements a where a.id = any(?::int[]) and a.status
   on conflict (company_id, user_id, announcement_id) do nothing
   returning announcement_id`,
);

/** The per-user read markers of the top-bar bell. */
@Injectable()
export class AnnouncementReadsRepository {
  constructor(private readonly db: HotPathPool) {}

  async readAmong(companyId: number, userId: number, ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await tenantSql(this.db, companyId).all<{ id: number }>(READ_AMONG_SQL, [companyId, userId, ids]);
    return new Set(rows.map((row) => Number(row.id)));
  }

  async unreadCount(companyId: number, userId: number): Promise<number> {
    const rows = await tenantSql(this.db, companyId).all<{ n: number }>(UNREAD_COUNT_SQL, [companyId, userId]);
    return rows[0]?.n ?? 0;
  }

  async markRead(companyId: number, userId: number, ids: number[]): Promise<void> {
    if (ids.length) await tenantSql(this.db, companyId).all(MARK_READ_SQL, [companyId, userId, ids]);
  }
}
