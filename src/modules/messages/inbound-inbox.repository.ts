import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { HotPathPool, prepared } from '../../infra/database/pg-pool.js';
import { systemSql, tenantSql } from '../../infra/database/sql.js';
import { ingestMetrics } from '../../infra/metrics/instruments.js';
import type { InboxEvent } from './inbox-event.js';

export interface InboxRow {
  id: string;
  /** bigint, as text */
  seq: string;
  company_id: number;
  whatsapp_id: number;
  event: InboxEvent;
}

interface PendingAppend {
  id: string;
  companyId: number;
  whatsappId: number;
  event: InboxEvent;
  settle: { resolve: () => void; reject: (error: unknown) => void };
}

const APPEND_SQL = prepared(
  'inbox_append',
  `insert into inbound_inbox (id, company_id, whatsapp_id, kind, payload)
   select t.id, t.company_id, t.whatsapp_id, t.kind, t.payload
     from unnest(?::uuid[], ?::int[], ?::int[], ?::text[], ?::jsonb[]) with ordinality as t(id, company_id, whatsapp_id, kind, payload, ord)
    order by t.ord`,
);
const REMOVE_SQL = prepared('inbox_remove', 'delete from inbound_inbox where company_id = any(?::int[]) and id = any(?::uuid[])');
const PENDING_SQL = prepared(
  'inbox_pending',
  'select id, seq, company_id, whatsapp_id, payload as event from inbound_inbox where company_id = ? and whatsapp_id = ? and seq > ?::bigint order by seq limit ?',
);
const UNQUEUED_SQL = prepared(
  'inbox_unqueued',
  'select id, seq, company_id, whatsapp_id, payload as event from inbound_inbox where company_id = ? and whatsapp_id = ? and not (id = any(?::uuid[])) order by seq limit ?',
);
const CONNECTIONS_SQL = prepared('inbox_connections', 'select distinct company_id, whatsapp_id from inbound_inbox');

/** Removal of processed rows waits this long to be batched; a crash in between only replays idempotent work. */
const REMOVE_DELAY_MS = 50;

/**
 * The durable inbox of provider events. Appends made in the same tick share one INSERT (one commit, one WAL flush);
 * each append resolves only once its row is committed, which is when the event may be acknowledged.
 */
@Injectable()
export class InboundInboxRepository implements OnApplicationShutdown {
  private appends: PendingAppend[] = [];
  private removals: Array<{ companyId: number; id: string }> = [];
  private removeTimer: NodeJS.Timeout | null = null;
  private removing: Promise<void> = Promise.resolve();
  /** Rows this process recorded and still owns (queued or awaiting removal): a replay leaves them alone. */
  private readonly owned = new Set<string>();

  constructor(private readonly db: HotPathPool) {}

  /**
   * Writes the event and resolves with its id once committed. `owned: false`: this process does not queue it (the
   * connection's drainer, maybe another process, processes it), so nothing keeps its id here.
   */
  append(companyId: number, whatsappId: number, event: InboxEvent, owned = true): Promise<string> {
    const id = randomUUID();
    return new Promise<void>((resolve, reject) => {
      if (!this.appends.length) setImmediate(() => void this.flushAppends());
      this.appends.push({ id, companyId, whatsappId, event, settle: { resolve, reject } });
    }).then(() => {
      ingestMetrics.accepted.inc({ kind: event.kind });
      if (owned) this.owned.add(id);
      return id;
    });
  }

  ownedHere(id: string): boolean {
    return this.owned.has(id);
  }

  /** Marks a row processed; rows are deleted in batches shortly after. */
  done(companyId: number, id: string): void {
    ingestMetrics.processed.inc();
    this.removals.push({ companyId, id });
    this.removeTimer ??= setTimeout(() => void this.flushRemovals(), REMOVE_DELAY_MS);
  }

  /** The oldest unprocessed events of a connection, in arrival order. */
  pending(companyId: number, whatsappId: number, afterSeq: string, limit: number): Promise<InboxRow[]> {
    return tenantSql(this.db, companyId).all<InboxRow>(PENDING_SQL, [companyId, whatsappId, afterSeq, limit]);
  }

  /**
   * The oldest unprocessed events of a connection other than `queued` (a drainer's rows under way), always from the
   * start: a row committed after a later one (concurrent webhooks) is not passed over.
   */
  unqueued(companyId: number, whatsappId: number, queued: string[], limit: number): Promise<InboxRow[]> {
    return tenantSql(this.db, companyId).all<InboxRow>(UNQUEUED_SQL, [companyId, whatsappId, queued, limit]);
  }

  /** Whether rows recorded by another (dead) process wait for this connection. */
  async hasPending(companyId: number, whatsappId: number): Promise<boolean> {
    const rows = await this.pending(companyId, whatsappId, '0', 100);
    return rows.some((row) => !this.owned.has(row.id));
  }

  /** Connections that have unprocessed events. */
  connectionsWithPending(): Promise<Array<{ company_id: number; whatsapp_id: number }>> {
    // The replay sweep looks at every company's connections.
    return systemSql(this.db).all(CONNECTIONS_SQL, []);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.flushRemovals();
  }

  private async flushAppends(): Promise<void> {
    const batch = this.appends;
    this.appends = [];
    try {
      await this.insert(batch);
      for (const append of batch) append.settle.resolve();
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.settle.reject(error);
        return;
      }
      // One bad row (a connection deleted meanwhile) must not fail the others: each is tried on its own.
      for (const append of batch) {
        await this.insert([append]).then(append.settle.resolve, append.settle.reject);
      }
    }
  }

  private insert(batch: PendingAppend[]): Promise<unknown> {
    // One insert carries the appends of a tick, whatever their companies; each row names its own.
    return systemSql(this.db).all(APPEND_SQL, [
      batch.map((a) => a.id),
      batch.map((a) => a.companyId),
      batch.map((a) => a.whatsappId),
      batch.map((a) => a.event.kind),
      batch.map((a) => JSON.stringify(a.event)),
    ]);
  }

  private flushRemovals(): Promise<void> {
    if (this.removeTimer) clearTimeout(this.removeTimer);
    this.removeTimer = null;
    const batch = this.removals;
    this.removals = [];
    if (!batch.length) return this.removing;
    // A failed removal is harmless: the rows are replayed later and their processing is idempotent.
    this.removing = this.removing
      // One delete per batch of processed rows of several companies; each row is named by its id.
      .then(() => systemSql(this.db).all(REMOVE_SQL, [[...new Set(batch.map((r) => r.companyId))], batch.map((r) => r.id)]))
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        for (const row of batch) this.owned.delete(row.id);
      });
    return this.removing;
  }
}
