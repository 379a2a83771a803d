import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { tenantSql } from '../../infra/database/sql.js';
import { ACROSS_TENANTS } from '../../infra/database/tenant-scope.js';
import { Company } from '../companies/company.entity.js';
import { Whatsapp } from '../connections/whatsapp.entity.js';
import type { AttendantFigures, DashboardCounters } from '../../shared/api-types.js';
import type { DayRange } from './dashboard-period.js';

export type { AttendantFigures, DashboardCounters };

/**
 * The period of attendance cycles that arrived between local midnight of `from` and local midnight after `to`
 * (the company's clock), as SQL: `$1` company, `$2` from, `$3` to.
 */
const PERIOD = `with period as (
  select (?::date)::timestamp at time zone c.timezone as starts, ((?::date) + 1)::timestamp at time zone c.timezone as ends, c.timezone
    from companies c where c.id = ?
)`;

const minutes = (from: string, to: string) => `extract(epoch from (${to} - ${from})) / 60`;

/** Dashboard figures from the attendance cycles and ratings, each one aggregate query on company-leading indexes. */
@Injectable()
export class DashboardRepository {
  constructor(private readonly em: EntityManager) {}

  private sql(companyId: number) {
    return tenantSql(this.em.getConnection(), companyId);
  }

  async counters(companyId: number, range: DayRange): Promise<DashboardCounters> {
    const [row] = await this.sql(companyId).all<DashboardCounters>(
      `${PERIOD}
       select count(*) filter (where tc.started_at is not null and tc.finished_at is null)::int as "supportHappening",
              count(*) filter (where tc.started_at is null and tc.finished_at is null)::int as "supportPending",
              count(*) filter (where tc.finished_at is not null)::int as "supportFinished",
              round((avg(${minutes('tc.started_at', 'tc.finished_at')}) filter (where tc.started_at is not null and tc.finished_at is not null))::numeric, 1)::float as "avgSupportTime",
              round((avg(${minutes('tc.queued_at', 'tc.started_at')}) filter (where tc.started_at is not null))::numeric, 1)::float as "avgWaitTime"
         from period p join ticket_cycles tc on tc.company_id = ? and tc.queued_at >= p.starts and tc.queued_at < p.ends`,
      [range.from, range.to, companyId, companyId],
    );
    return row!;
  }

  attendants(companyId: number, range: DayRange): Promise<AttendantFigures[]> {
    return this.sql(companyId).all<AttendantFigures>(
      `${PERIOD}
       select u.id, u.name, u.online, r.rating, s.avg_support_time as "avgSupportTime"
         from users u
         cross join period p
         left join lateral (
           select round(avg(ur.rate)::numeric, 2)::float as rating from user_ratings ur
            where ur.company_id = u.company_id and ur.user_id = u.id and ur.created_at >= p.starts and ur.created_at < p.ends
         ) r on true
         left join lateral (
           select round(avg(${minutes('tc.started_at', 'tc.finished_at')})::numeric, 1)::float as avg_support_time from ticket_cycles tc
            where tc.company_id = u.company_id and tc.user_id = u.id and tc.queued_at >= p.starts and tc.queued_at < p.ends
              and tc.started_at is not null and tc.finished_at is not null
         ) s on true
        where u.company_id = ?
        order by u.name, u.id`,
      [range.from, range.to, companyId, companyId],
    );
  }

  ticketsPerUser(companyId: number, range: DayRange): Promise<Array<{ nome: string; quantidade: number }>> {
    return this.sql(companyId).all(
      `${PERIOD}
       select u.name as nome, count(*)::int as quantidade
         from period p join ticket_cycles tc on tc.company_id = ? and tc.queued_at >= p.starts and tc.queued_at < p.ends
         join users u on u.id = tc.user_id and u.company_id = tc.company_id
        group by u.id, u.name
        order by quantidade desc, nome`,
      [range.from, range.to, companyId, companyId],
    );
  }

  /** Tickets that arrived per local day, or per local hour when the range is one day. */
  async ticketsPerPeriod(companyId: number, range: DayRange): Promise<Array<{ data?: string; horario?: string; total: number }>> {
    const hourly = range.from === range.to;
    const bucket = hourly ? `to_char(tc.queued_at at time zone p.timezone, 'HH24') || ':00'` : `to_char(tc.queued_at at time zone p.timezone, 'YYYY-MM-DD')`;
    return this.sql(companyId).all(
      `${PERIOD}
       select ${bucket} as "${hourly ? 'horario' : 'data'}", count(*)::int as total
         from period p join ticket_cycles tc on tc.company_id = ? and tc.queued_at >= p.starts and tc.queued_at < p.ends
        group by 1 order by 1`,
      [range.from, range.to, companyId, companyId],
    );
  }

  async timeZone(companyId: number): Promise<string> {
    const company = await this.em.findOne(Company, { id: companyId }, ACROSS_TENANTS);
    return company?.timezone ?? 'America/Sao_Paulo';
  }

  /** Platform-wide figures for super users. */
  async platform(): Promise<{ totalWhatsappSessions: number; totalCompanies: number }> {
    const [totalWhatsappSessions, totalCompanies] = await Promise.all([
      this.em.count(Whatsapp, { status: 'CONNECTED' }, ACROSS_TENANTS),
      this.em.count(Company, {}, ACROSS_TENANTS),
    ]);
    return { totalWhatsappSessions, totalCompanies };
  }
}
