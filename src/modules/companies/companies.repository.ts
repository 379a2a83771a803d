import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { HotPathPool, prepared } from '../../infra/database/pg-pool.js';
import { systemSql, tenantSql } from '../../infra/database/sql.js';

/** Asked whenever a scheduled message, bot timer or campaign fires: a prepared statement. */
const STATE_SQL = prepared('company_activity', "select status, to_char(due_date, 'YYYY-MM-DD') as due_date, timezone from companies where id = ?");

/** `due_date` as 'YYYY-MM-DD'. */
interface ActivityRow {
  status: boolean;
  due_date: string | null;
  timezone: string;
}

@Injectable()
export class CompaniesRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly hot: HotPathPool,
  ) {}

  async activityState(companyId: number): Promise<ActivityRow | null> {
    const [row] = await tenantSql(this.hot, companyId).all<ActivityRow>(STATE_SQL, [companyId]);
    return row ?? null;
  }

  /** Companies whose due day ended, in their own zone, within (since, until] (src/shared/due-date.ts). */
  async expiredBetween(since: Date, until: Date): Promise<number[]> {
    // The expiry sweep looks at every company. The day ends at the next day's midnight in the company's zone.
    const rows = await systemSql(this.em.getConnection()).all<{ id: number }>(
      `select id from companies
        where due_date is not null
          and (due_date + 1)::timestamp at time zone timezone > ?::timestamptz
          and (due_date + 1)::timestamp at time zone timezone <= ?::timestamptz`,
      [since, until],
    );
    return rows.map((row) => row.id);
  }
}
