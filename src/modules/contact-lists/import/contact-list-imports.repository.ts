import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { systemSql, tenantSql } from '../../../infra/database/sql.js';
import type { ImportStatus } from '../contact-list-import.entity.js';

/** An unfinished import as the watch sees it. */
export interface UnfinishedImport {
  company_id: number;
  id: number;
  status: ImportStatus;
  generation: number;
  restarts: number;
  /** Running, and its runner gave no sign of life for the watch's silence limit. */
  silent: boolean;
  /** Last changed (queued, re-armed) longer ago than the watch's grace. */
  settled: boolean;
}

export interface ImportOutcome {
  status: 'done' | 'failed';
  total?: number;
  processed?: number;
  valid?: number;
  invalid?: number;
  duplicates?: number;
  invalidEmails?: number;
  invalidEmailLines?: number[];
  error?: string | null;
}

/**
 * The import row's runner state, written with the run's generation as a fence: a run takes the import for its
 * generation, beats (progress and a sign of life) at least every second and at every batch, and ends it; every write
 * names the generation, so a run that lost the import to a newer one (the watch re-armed it) changes nothing and stops.
 */
@Injectable()
export class ContactListImportsRepository {
  constructor(private readonly em: EntityManager) {}

  private sql(companyId: number) {
    return tenantSql(this.em.getConnection(), companyId);
  }

  /** Starts (or starts over) the import for a job of `generation`; false when the job is stale or the import ended. */
  async take(companyId: number, importId: number, generation: number): Promise<boolean> {
    const rows = await this.sql(companyId).all(
      `update contact_list_imports
          set status = 'running', heartbeat_at = now(), processed = 0, valid = 0, invalid = 0, duplicates = 0, error = null, updated_at = now()
        where company_id = ? and id = ? and generation = ? and status in ('queued', 'running')
        returning id`,
      [companyId, importId, generation],
    );
    return rows.length > 0;
  }

  /** Progress and a sign of life; false when the run no longer holds the import (it must stop). */
  async beat(companyId: number, importId: number, generation: number, progress: { processed: number; total: number }): Promise<boolean> {
    const rows = await this.sql(companyId).all(
      `update contact_list_imports set heartbeat_at = now(), processed = ?, total = ?, updated_at = now()
        where company_id = ? and id = ? and generation = ? and status = 'running'
        returning id`,
      [progress.processed, progress.total, companyId, importId, generation],
    );
    return rows.length > 0;
  }

  /** Ends the import (done with its counts, or failed with a code) if the run still holds it; answers when, or null. */
  async end(companyId: number, importId: number, generation: number, outcome: ImportOutcome): Promise<Date | null> {
    const rows = await this.sql(companyId).all<{ finished_at: Date | string }>(
      `update contact_list_imports
          set status = ?, total = coalesce(?, total), processed = coalesce(?, processed), valid = coalesce(?, valid), invalid = coalesce(?, invalid),
              duplicates = coalesce(?, duplicates), invalid_emails = coalesce(?, invalid_emails),
              invalid_email_lines = coalesce(?::jsonb, invalid_email_lines), error = ?, stored_path = null, finished_at = now(), heartbeat_at = null, updated_at = now()
        where company_id = ? and id = ? and generation = ? and status in ('queued', 'running')
        returning finished_at`,
      [
        outcome.status,
        outcome.total ?? null,
        outcome.processed ?? null,
        outcome.valid ?? null,
        outcome.invalid ?? null,
        outcome.duplicates ?? null,
        outcome.invalidEmails ?? null,
        outcome.invalidEmailLines ? JSON.stringify(outcome.invalidEmailLines) : null,
        outcome.error ?? null,
        companyId,
        importId,
        generation,
      ],
    );
    return rows[0] ? new Date(rows[0].finished_at) : null;
  }

  /**
   * Every company's unfinished imports, with whether a running one went silent for `silentMs` and whether the row
   * last changed more than `graceMs` ago.
   */
  async unfinished(silentMs: number, graceMs: number): Promise<UnfinishedImport[]> {
    // Across companies on purpose: the job reconciler watches every tenant's imports.
    return systemSql(this.em.getConnection()).all<UnfinishedImport>(
      `select company_id, id, status, generation, restarts,
              status = 'running' and (heartbeat_at is null or heartbeat_at < now() - make_interval(secs => ?::float8 / 1000)) as silent,
              updated_at < now() - make_interval(secs => ?::float8 / 1000) as settled
         from contact_list_imports where status in ('queued', 'running')`,
      [silentMs, graceMs],
    );
  }

  /**
   * The run of `generation` is gone: the import is queued again under the next generation, unless it was already
   * resumed `maxRestarts` times. Answers the new generation, or null.
   */
  async requeue(companyId: number, importId: number, generation: number, maxRestarts: number): Promise<number | null> {
    const rows = await this.sql(companyId).all<{ generation: number }>(
      `update contact_list_imports set status = 'queued', generation = generation + 1, restarts = restarts + 1, heartbeat_at = null, updated_at = now()
        where company_id = ? and id = ? and generation = ? and status in ('queued', 'running') and restarts < ?
        returning generation`,
      [companyId, importId, generation, maxRestarts],
    );
    return rows[0]?.generation ?? null;
  }

  /** Gives up on an import that keeps being interrupted: failed with the code, the list free again. Answers the file to remove. */
  async giveUp(companyId: number, importId: number, generation: number, error: string): Promise<{ stored_path: string | null } | null> {
    const rows = await this.sql(companyId).all<{ stored_path: string | null }>(
      `update contact_list_imports i set status = 'failed', error = ?, finished_at = now(), heartbeat_at = null, updated_at = now(), stored_path = null
         from contact_list_imports old
        where i.company_id = ? and i.id = ? and i.generation = ? and i.status in ('queued', 'running') and old.id = i.id
        returning old.stored_path`,
      [error, companyId, importId, generation],
    );
    return rows[0] ?? null;
  }
}
