import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { HotPathPool, prepared } from '../../infra/database/pg-pool.js';
import { systemSql, tenantSql } from '../../infra/database/sql.js';

/** Asked whenever a scheduled message, bot timer or campaign fires: a prepared statement. */
const STATE_SQL = prepared('company_activity', 'select status, due_date from companies where id = ?');

@Injectable()
export class CompaniesRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly hot: HotPathPool,
  ) {}

  async activityState(companyId: number): Promise<{ status: boolean; due_date: Date | null } | null> {
    const [row] = await tenantSql(this.hot, companyId).all<{ status: boolean; due_date: Date | null }>(STATE_SQL, [companyId]);
    return row ?? null;
  }

  /** Companies whose due date passed within (since, until]. */
  async expiredBetween(since: Date, until: Date): Promise<number[]> {
    // The expiry sweep looks at every company.
    const rows = await systemSql(this.em.getConnection()).all<{ id: number }>('select id from companies where due_date > ? and due_date <= ?', [since, until]);
    return rows.map((row) => row.id);
  }
}
