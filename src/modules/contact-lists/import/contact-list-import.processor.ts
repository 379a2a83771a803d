import { type BeforeApplicationShutdown, Inject, Logger, type OnModuleInit } from '@nestjs/common';
import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { forkForCompany } from '../../../infra/database/tenant-scope.js';
import { closeWorkerIfRedisDown } from '../../../infra/jobs/bull.js';
import { JobReconciler } from '../../../infra/jobs/job-reconciler.js';
import { importMetrics } from '../../../infra/metrics/instruments.js';
import { REDIS } from '../../../infra/redis/redis.tokens.js';
import { StoragePort } from '../../../infra/storage/storage.port.js';
import { ContactListImport } from '../contact-list-import.entity.js';
import { ContactList } from '../contact-list.entity.js';
import { NO_ITEMS, toContactListImportResponse, toContactListResponse } from '../contact-list.mapper.js';
import { ContactListNumberChecker } from '../contact-list-number-checker.js';
import { ContactListEvents } from '../contact-lists.events.js';
import { ContactListsRepository } from '../contact-lists.repository.js';
import { CONTACT_IMPORT_QUEUE, type ContactImportJobData, ContactImportJobs } from './contact-import-jobs.js';
import { ContactListImportsRepository, type ImportOutcome } from './contact-list-imports.repository.js';
import { type ImportErrorCode, readSpreadsheet } from './spreadsheet-reader.js';
import { invalidEmails, mergeRows, type PreparedRow, prepareRow } from './import-rows.js';

/** Numbers checked on WhatsApp at once: enough to finish 50,000 rows in minutes without flooding the connection. */
const CHECK_CONCURRENCY = 8;
/** Rows per INSERT ... ON CONFLICT statement. */
const INSERT_BATCH = 1000;
/** Progress events at most this often (the page's bar). */
const EMIT_EVERY_MS = 250;
/** The run writes its progress and a sign of life on the row this often (and after every batch of items). */
const BEAT_EVERY_MS = 1000;
/** A running import whose row had no sign of life for this long lost its runner (a crash): it is queued again. */
export const IMPORT_SILENT_MS = 5000;
/** A queued import whose job is gone (never reached Redis, failed) is queued again this long after its last change. */
const IMPORT_GRACE_MS = 8000;
/** Resumptions after which an import that keeps being interrupted fails (ERR_IMPORT_INTERRUPTED), freeing its list. */
export const IMPORT_MAX_RESTARTS = 5;
/** Work between two turns of the event loop while checking numbers, in milliseconds. */
const SLICE_MS = 5;
/** Rows prepared (normalised) between two yields. */
const PREPARE_SLICE = 2000;

/** One run of an import: its generation (the fence of its writes), its progress, and whether it still holds the import. */
class ImportRun {
  processed = 0;
  total = 0;
  lost = false;
  /** The run is ending the import: a beat that arrives after the end is not a lost import. */
  ending = false;
  private beating: Promise<void> | null = null;

  constructor(
    readonly companyId: number,
    readonly importId: number,
    readonly generation: number,
    private readonly imports: ContactListImportsRepository,
    private readonly logger: Logger,
  ) {}

  /** Writes progress and a sign of life; a run that no longer holds the import learns it here and stops. */
  beat(): Promise<void> {
    this.beating ??= this.imports
      .beat(this.companyId, this.importId, this.generation, { processed: this.processed, total: this.total })
      .then(
        (holds) => {
          if (!holds && !this.lost && !this.ending) {
            this.lost = true;
            this.logger.warn(`import ${this.importId}: run ${this.generation} no longer holds the import; it stops`);
          }
        },
        (error: unknown) => this.logger.warn(`import ${this.importId}: progress not saved: ${String(error)}`),
      )
      .finally(() => (this.beating = null));
    return this.beating;
  }
}

/**
 * Runs a list's spreadsheet import. The contact_list_imports row is the durable state: a run takes the import for its
 * job's generation, writes its progress and a sign of life on the row every second and every batch, and ends it; each
 * write names the generation. A row left `queued` or `running` by a crash (no sign of life for IMPORT_SILENT_MS), a
 * failed job or an empty Redis is noticed by the JobReconciler's watch and queued again under the next generation,
 * so the earlier run, should it still be alive, stops at its next write. A re-run starts from the file again and is
 * harmless: items are upserted on the unique (company, list, number) key. After IMPORT_MAX_RESTARTS resumptions the
 * import fails with ERR_IMPORT_INTERRUPTED, which frees the list for another upload.
 */
@Processor(CONTACT_IMPORT_QUEUE, { concurrency: 2, maxStalledCount: 1_000_000 })
export class ContactListImportProcessor extends WorkerHost implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('ContactListImport');

  constructor(
    private readonly em: EntityManager,
    private readonly storage: StoragePort,
    private readonly repository: ContactListsRepository,
    private readonly checker: ContactListNumberChecker,
    private readonly events: ContactListEvents,
    private readonly jobs: ContactImportJobs,
    private readonly imports: ContactListImportsRepository,
    private readonly reconciler: JobReconciler,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    super();
  }

  onModuleInit(): void {
    this.reconciler.register('contact list imports', () => this.requeueUnfinished());
    this.reconciler.watch('contact list imports', () => this.check());
  }

  /**
   * Redis lost its data: every queued import gets its job again (kept when one is there). A running one whose runner
   * is alive goes on without its job; one whose runner went silent is the watch's.
   */
  async requeueUnfinished(): Promise<number> {
    // Every company's unfinished imports: the rows say which.
    const rows = (await this.imports.unfinished(IMPORT_SILENT_MS, IMPORT_GRACE_MS)).filter((row) => row.status === 'queued');
    for (const row of rows) await this.jobs.enqueue(row.company_id, row.id, row.generation);
    return rows.length;
  }

  /**
   * One watch tick: a running import whose runner went silent, or a queued one whose job is gone or failed, is queued
   * again under the next generation; one resumed IMPORT_MAX_RESTARTS times already fails, freeing its list.
   */
  async check(): Promise<number> {
    let requeued = 0;
    for (const row of await this.imports.unfinished(IMPORT_SILENT_MS, IMPORT_GRACE_MS)) {
      const stuck = row.silent || (row.status === 'queued' && row.settled && !(await this.jobs.isLive(row.id, row.generation)));
      if (!stuck) continue;
      const generation = await this.imports.requeue(row.company_id, row.id, row.generation, IMPORT_MAX_RESTARTS);
      if (generation !== null) {
        this.logger.warn(`import ${row.id}: ${row.silent ? 'its run went silent' : 'its job is gone'}; queued again as run ${generation}`);
        await this.jobs.enqueue(row.company_id, row.id, generation);
        requeued += 1;
        continue;
      }
      if (row.restarts < IMPORT_MAX_RESTARTS) continue;
      const ended = await this.imports.giveUp(row.company_id, row.id, row.generation, 'ERR_IMPORT_INTERRUPTED');
      if (!ended) continue;
      if (ended.stored_path) await this.storage.remove(ended.stored_path).catch(() => undefined);
      this.logger.error(`import ${row.id}: interrupted ${row.restarts} times; failed`);
      const em = forkForCompany(this.em, row.company_id);
      const current = await em.findOne(ContactListImport, { id: row.id });
      if (current) this.emitProgress(row.company_id, current);
    }
    return requeued;
  }

  async process(job: Job<ContactImportJobData>): Promise<void> {
    await this.run(job.data);
  }

  async run({ companyId, importId, generation = 0 }: ContactImportJobData): Promise<void> {
    if (!(await this.imports.take(companyId, importId, generation))) return;
    const em = forkForCompany(this.em, companyId);
    const row = await em.findOne(ContactListImport, { id: importId });
    if (!row) return;
    const run = new ImportRun(companyId, importId, generation, this.imports, this.logger);
    const beats = setInterval(() => void run.beat(), BEAT_EVERY_MS);
    try {
      await this.runHolding(em, run, row);
    } finally {
      clearInterval(beats);
    }
  }

  /** The import itself; the row (an entity never flushed) only carries what the progress events show. */
  private async runHolding(em: EntityManager, run: ImportRun, row: ContactListImport): Promise<void> {
    const { companyId } = run;
    this.emitProgress(companyId, row);

    const data = row.storedPath ? await this.storage.read(row.storedPath).catch(() => null) : null;
    if (!data) {
      await this.end(run, row, { status: 'failed', error: 'ERR_IMPORT_FILE_REQUIRED' });
      return;
    }
    const sheet = await readSpreadsheet(data, false);
    if (run.lost) return;
    if (!sheet.ok) {
      await this.end(run, row, { status: 'failed', error: sheet.error });
      return;
    }
    run.total = row.total = sheet.rows.length;
    await run.beat();
    this.emitProgress(companyId, row);

    const prepared: PreparedRow[] = [];
    for (const [index, cells] of sheet.rows.entries()) {
      prepared.push(prepareRow(cells));
      if (index % PREPARE_SLICE === PREPARE_SLICE - 1) await yieldToEventLoop();
    }
    await this.checkRows(em, run, row, prepared);
    if (run.lost) return;
    const { items, invalid, duplicates } = mergeRows(prepared);
    const emails = invalidEmails(prepared);
    for (let at = 0; at < items.length; at += INSERT_BATCH) {
      await this.repository.upsertItems(companyId, row.contactList.id, items.slice(at, at + INSERT_BATCH));
      importMetrics.rows.inc({ stage: 'written' }, Math.min(INSERT_BATCH, items.length - at));
      await run.beat();
      if (run.lost) return;
    }
    const ended = await this.end(run, row, {
      status: 'done',
      total: run.total,
      processed: run.total,
      valid: items.filter((item) => item.isWhatsappValid === true).length,
      invalid,
      duplicates,
      invalidEmails: emails.count,
      invalidEmailLines: emails.lines,
    });
    if (!ended) return;
    this.events.item(companyId, { action: 'reload', contactListId: row.contactList.id });
    await this.emitListCounts(em, companyId, row.contactList.id);
  }

  /** The lists table shows item and valid counts. */
  private async emitListCounts(em: EntityManager, companyId: number, listId: number): Promise<void> {
    const list = await em.findOne(ContactList, { id: listId });
    if (!list) return;
    const counts = await this.repository.counts(companyId, [listId]);
    this.events.list(companyId, { action: 'update', record: toContactListResponse(list, counts.get(listId) ?? NO_ITEMS) });
  }

  /** Checks every usable number through the company's connection, a few at a time, in the background of the API. */
  private async checkRows(em: EntityManager, run: ImportRun, row: ContactListImport, rows: PreparedRow[]): Promise<PreparedRow[]> {
    const check = await this.checker.forCompany(em, run.companyId);
    let next = 0;
    let emittedAt = Date.now();
    // An instant check (the simulator, a cached answer) never leaves the microtask queue: after a few milliseconds of
    // work every lane waits on the same turn of the event loop, so requests are served in between (and the beats run).
    let sliceStart = performance.now();
    let pause: Promise<void> | null = null;
    const breathe = async () => {
      pause ??=
        performance.now() - sliceStart > SLICE_MS
          ? yieldToEventLoop().then(() => {
              pause = null;
              sliceStart = performance.now();
            })
          : null;
      if (pause) await pause;
    };
    const progress = async () => {
      run.processed += 1;
      importMetrics.rows.inc({ stage: 'checked' });
      await breathe();
      const now = Date.now();
      if (now - emittedAt < EMIT_EVERY_MS) return;
      emittedAt = now;
      row.processed = run.processed;
      this.emitProgress(run.companyId, row);
    };
    const lane = async () => {
      while (next < rows.length && !run.lost) {
        const current = rows[next++]!;
        if (check && current.checkable) {
          const result = await check(current.number);
          // Unchecked (null) when the connection dropped meanwhile: campaigns check again at send time.
          if (result) Object.assign(current, { number: result.number, isWhatsappValid: result.exists });
        }
        await progress();
      }
    };
    await Promise.all(Array.from({ length: CHECK_CONCURRENCY }, lane));
    run.processed = row.processed = rows.length;
    return rows;
  }

  /**
   * Ends the import if this run still holds it: the row says how it ended, then the file (no longer needed) goes.
   * Answers whether it ended it.
   */
  private async end(run: ImportRun, row: ContactListImport, outcome: ImportOutcome & { error?: ImportErrorCode | null }): Promise<boolean> {
    run.ending = true;
    const finishedAt = await this.imports.end(run.companyId, run.importId, run.generation, outcome);
    if (!finishedAt) {
      run.lost = true;
      return false;
    }
    const path = row.storedPath;
    Object.assign(row, { ...outcome, error: outcome.error ?? null, storedPath: null, finishedAt });
    if (path) await this.storage.remove(path).catch(() => undefined);
    this.emitProgress(run.companyId, row);
    this.logger.log(
      `import ${row.id} of list ${row.contactList.id}: ${row.status} (${row.total} rows, ${row.valid} valid, ${row.invalid} invalid, ${row.duplicates} merged)`,
    );
    return true;
  }

  private emitProgress(companyId: number, row: ContactListImport): void {
    this.events.list(companyId, { action: 'import', import: toContactListImportResponse(row) });
  }

  beforeApplicationShutdown(): Promise<void> {
    return closeWorkerIfRedisDown(this.worker, this.redis);
  }

  @OnWorkerEvent('failed')
  failed(job: Job<ContactImportJobData> | undefined, error: Error): void {
    this.logger.error(`import job ${job?.id ?? '?'} failed: ${error.message}`);
  }

  @OnWorkerEvent('error')
  workerError(error: Error): void {
    this.logger.warn(`import worker: ${error.message}`);
  }
}
