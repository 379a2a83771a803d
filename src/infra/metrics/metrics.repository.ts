import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { HotPathPool } from '../../infra/database/pg-pool.js';
import { systemSql } from '../../infra/database/sql.js';

export interface InboxBacklogRow {
  whatsapp_id: number;
  backlog: number;
  /** Seconds since the oldest unprocessed event of the connection was recorded. */
  age_seconds: number;
}

/** A pg pool's counters, read in memory. */
export interface PoolCounters {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * The oldest row of each connection is found through the (company_id, whatsapp_id, seq) index: one count per
 * connection and one row fetch each, never a scan of the payloads.
 */
const INBOX_BACKLOG_SQL = `select g.whatsapp_id, g.backlog::int as backlog, extract(epoch from now() - i.created_at)::float8 as age_seconds
  from (select company_id, whatsapp_id, count(*) as backlog, min(seq) as first_seq from inbound_inbox group by company_id, whatsapp_id) g
  join inbound_inbox i on i.company_id = g.company_id and i.whatsapp_id = g.whatsapp_id and i.seq = g.first_seq`;

/** What the metrics read from PostgreSQL at scrape time (cached by the caller): every company's, never a tenant's rows. */
@Injectable()
export class MetricsRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly hotPath: HotPathPool,
  ) {}

  /** Inbox events recorded and not yet processed, per connection (the whole install's inbox). */
  inboxBacklog(): Promise<InboxBacklogRow[]> {
    // Operators watch the install's whole inbox: the series names connections, never a company's data.
    return systemSql(this.em.getConnection()).all<InboxBacklogRow>(INBOX_BACKLOG_SQL);
  }

  /** Connections per status across every company. */
  connectionStatuses(): Promise<Array<{ status: string; count: number }>> {
    // Counts over every company: no row of any company leaves this query.
    return systemSql(this.em.getConnection()).all('select status, count(*)::int as count from whatsapps group by status');
  }

  /** Campaigns being walked across every company. */
  async runningCampaigns(): Promise<number> {
    // One count over every company.
    const rows = await systemSql(this.em.getConnection()).all<{ count: number }>(`select count(*)::int as count from campaigns where status = 'EM_ANDAMENTO'`);
    return rows[0]?.count ?? 0;
  }

  /** The two connection pools of this process: the ORM's and the inbound pipeline's prepared-statement pool. */
  async pools(): Promise<{ orm: PoolCounters; hot_path: PoolCounters }> {
    return { orm: await this.em.getConnection().getNativeClient(), hot_path: this.hotPath.pool };
  }
}
