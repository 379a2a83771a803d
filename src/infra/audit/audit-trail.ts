import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuditActor, AuditEntry } from './audit-entry.js';
import { AuditTrailRepository } from './audit-trail.repository.js';

type Entries = AuditEntry | readonly AuditEntry[] | null;
const listOf = (entries: Entries): readonly AuditEntry[] => (entries === null ? [] : Array.isArray(entries) ? entries : [entries as AuditEntry]);

/**
 * Writes the audit trail in the transaction of the change it records: a change that commits has its entry, an entry
 * never describes a change that rolled back.
 */
@Injectable()
export class AuditTrail {
  constructor(private readonly logs: AuditTrailRepository) {}

  /**
   * Flushes `em`'s pending changes and writes the entries in one transaction. `entries` is called after the flush,
   * so a created record's id is known; `remove` names records to delete in that same transaction.
   */
  async flush(em: EntityManager, actor: AuditActor, entries: () => Entries, options: { remove?: object[] } = {}): Promise<void> {
    await em.transactional(async (tx) => {
      for (const record of options.remove ?? []) tx.remove(record);
      await tx.flush();
      await this.logs.insert(tx, actor, listOf(entries()));
    });
  }

  /** Inside a transaction the caller already holds (raw SQL work, nested ORM transactions). */
  async within(tx: EntityManager, actor: AuditActor, entries: Entries): Promise<void> {
    await this.logs.insert(tx, actor, listOf(entries));
  }

  /** An entry whose event changes no row of its own (a sign-in, an unlock, a lockout). */
  async record(actor: AuditActor, entries: Entries): Promise<void> {
    await this.logs.insertAlone(actor, listOf(entries));
  }
}
