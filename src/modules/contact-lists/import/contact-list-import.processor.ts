import { type BeforeApplicationShutdown, Inject, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { ACROSS_TENANTS, forkForCompany } from '../../../infra/database/tenant-scope.js';
import { closeWorkerIfRedisDown } from '../../../infra/jobs/bull.js';
import { JobReconciler } from '../../../infra/jobs/job-reconciler.js';
import { REDIS } from '../../../infra/redis/redis.tokens.js';
import { StoragePort } from '../../../infra/storage/storage.port.js';
import { ContactListImport } from '../contact-list-import.entity.js';
import { ContactList } from '../contact-list.entity.js';
import { NO_ITEMS, toContactListImportResponse, toContactListResponse } from '../contact-list.mapper.js';
import { ContactListNumberChecker } from '../contact-list-number-checker.js';
import { ContactListEvents } from '../contact-lists.events.js';
import { ContactListsRepository } from '../contact-lists.repository.js';
import { CONTACT_IMPORT_QUEUE, type ContactImportJobData, ContactImportJobs } from './contact-import-jobs.js';
import { type ImportErrorCode, readSpreadsheet } from './spreadsheet-reader.js';
import { mergeRows, type PreparedRow, prepareRow } from './import-rows.js';

/** Numbers checked on WhatsApp at once: enough to finish 50,000 rows in minutes without flooding the connection. */
const CHECK_CONCURRENCY = 8;
/** Rows per INSERT ... ON CONFLICT statement. */
const INSERT_BATCH = 1000;
/** Progress events at most this often (the page's bar); the row is saved less often. */
const EMIT_EVERY_MS = 250;
const SAVE_EVERY_MS = 1000;
/** Work between two turns of the event loop while checking numbers, in milliseconds. */
const SLICE_MS = 5;
/** Rows prepared (normalised) between two yields. */
const PREPARE_SLICE = 2000;

/**
 * Runs a list's spreadsheet import. The contact_list_imports row is the durable state: the job re-reads it, and a
 * row left `queued` or `running` by a crash is run again from the start (at boot, by BullMQ's stalled-job check, or
 * by the JobReconciler after Redis lost its jobs). A re-run is harmless: items are upserted on the unique
 * (company, list, number) key.
 */
@Processor(CONTACT_IMPORT_QUEUE, { concurrency: 2 })
export class ContactListImportProcessor extends WorkerHost implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ContactListImport');

  constructor(
    private readonly em: EntityManager,
    private readonly storage: StoragePort,
    private readonly repository: ContactListsRepository,
    private readonly checker: ContactListNumberChecker,
    private readonly events: ContactListEvents,
    private readonly jobs: ContactImportJobs,
    private readonly reconciler: JobReconciler,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    super();
  }

  onModuleInit(): void {
    this.reconciler.register('contact list imports', () => this.requeueUnfinished());
  }

  /** An import whose job never reached Redis (a crash between the row and the job) is queued again at boot. */
  onApplicationBootstrap(): void {
    void this.requeueUnfinished().catch((error: unknown) => this.logger.warn(`unfinished imports not queued: ${String(error)}`));
  }

  async requeueUnfinished(): Promise<number> {
    // Every company's unfinished imports: the rows say which.
    const rows = await this.em.fork().find(ContactListImport, { status: { $in: ['queued', 'running'] } }, { ...ACROSS_TENANTS, fields: ['id', 'company'] });
    for (const row of rows) await this.jobs.enqueue(row.company.id, row.id);
    return rows.length;
  }

  async process(job: Job<ContactImportJobData>): Promise<void> {
    await this.run(job.data);
  }

  async run({ companyId, importId }: ContactImportJobData): Promise<void> {
    const em = forkForCompany(this.em, companyId);
    const row = await em.findOne(ContactListImport, { id: importId });
    if (!row || (row.status !== 'queued' && row.status !== 'running')) return;
    Object.assign(row, { status: 'running', processed: 0, valid: 0, invalid: 0, duplicates: 0, error: null });
    await em.flush();
    this.emitProgress(companyId, row);

    const data = row.storedPath ? await this.storage.read(row.storedPath).catch(() => null) : null;
    if (!data) return this.fail(em, companyId, row, 'ERR_IMPORT_FILE_REQUIRED');
    const sheet = await readSpreadsheet(data, false);
    if (!sheet.ok) return this.fail(em, companyId, row, sheet.error);
    row.total = sheet.rows.length;
    await em.flush();
    this.emitProgress(companyId, row);

    const prepared: PreparedRow[] = [];
    for (const [index, cells] of sheet.rows.entries()) {
      prepared.push(prepareRow(cells));
      if (index % PREPARE_SLICE === PREPARE_SLICE - 1) await yieldToEventLoop();
    }
    await this.checkRows(em, companyId, row, prepared);
    const { items, invalid, duplicates } = mergeRows(prepared);
    for (let at = 0; at < items.length; at += INSERT_BATCH) {
      await this.repository.upsertItems(companyId, row.contactList.id, items.slice(at, at + INSERT_BATCH));
    }
    Object.assign(row, {
      status: 'done',
      processed: row.total,
      valid: items.filter((item) => item.isWhatsappValid === true).length,
      invalid,
      duplicates,
      finishedAt: new Date(),
    });
    await this.finish(em, companyId, row);
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
  private async checkRows(em: EntityManager, companyId: number, row: ContactListImport, rows: PreparedRow[]): Promise<PreparedRow[]> {
    const check = await this.checker.forCompany(em, companyId);
    let next = 0;
    let done = 0;
    let emittedAt = Date.now();
    let savedAt = Date.now();
    // An instant check (the simulator, a cached answer) never leaves the microtask queue: after a few milliseconds of
    // work every lane waits on the same turn of the event loop, so requests are served in between.
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
      done += 1;
      await breathe();
      const now = Date.now();
      if (now - emittedAt < EMIT_EVERY_MS) return;
      emittedAt = now;
      row.processed = done;
      this.emitProgress(companyId, row);
      if (now - savedAt >= SAVE_EVERY_MS) {
        savedAt = now;
        await em.flush();
      }
    };
    const lane = async () => {
      while (next < rows.length) {
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
    row.processed = rows.length;
    return rows;
  }

  private async fail(em: EntityManager, companyId: number, row: ContactListImport, error: ImportErrorCode): Promise<void> {
    Object.assign(row, { status: 'failed', error, finishedAt: new Date() });
    await this.finish(em, companyId, row);
  }

  /** The file is no longer needed once the row says how the import ended. */
  private async finish(em: EntityManager, companyId: number, row: ContactListImport): Promise<void> {
    const path = row.storedPath;
    row.storedPath = null;
    await em.flush();
    if (path) await this.storage.remove(path).catch(() => undefined);
    this.emitProgress(companyId, row);
    this.logger.log(
      `import ${row.id} of list ${row.contactList.id}: ${row.status} (${row.total} rows, ${row.valid} valid, ${row.invalid} invalid, ${row.duplicates} merged)`,
    );
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
