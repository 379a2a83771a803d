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

/** A connection's backlog is counted up to this many rows: the cost of a scrape stays bounded whatever the backlog. */
export const BACKLOG_COUNT_CAP = 100_000;

/**
 * Per connection, led by the (company_id, whatsapp_id, seq) index: its oldest row (one index probe) and its rows
 * counted on the index (index-only while the table is vacuumed), capped; connections without a backlog cost a probe.
 */
const INBOX_BACKLOG_SQL = `select w.id as whatsapp_id, b.backlog, extract(epoch from now() - f.created_at)::float8 as age_seconds
  from whatsapps w
  join lateral (select i.created_at from inbound_inbox i where i.company_id = w.company_id and i.whatsapp_id = w.id order by i.seq limit 1) f on true
  cross join lateral (select count(*)::int as backlog from (select 1 from inbound_inbox i where i.company_id = w.company_id and i.whatsapp_id = w.id limit ${BACKLOG_COUNT_CAP}) c) b`;

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

  /** The connection pools of this process: the ORM's, the prepared-statement pool, and its generic-plan sessions once used. */
  async pools(): Promise<Record<string, PoolCounters>> {
    const hot = Object.fromEntries(this.hotPath.pools().map(({ name, pool }) => [name === 'hot' ? 'hot_path' : `hot_path_${name}`, pool]));
    return { orm: await this.em.getConnection().getNativeClient(), ...hot };
  }
}
