import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import { ACROSS_TENANTS } from '../../infra/database/tenant-scope.js';
import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import { REDIS } from '../../infra/redis/redis.tokens.js';
import { ExclusiveRunner } from '../../infra/scheduling/exclusive-runner.js';
import { Invoice } from './invoice.entity.js';
import { toInvoiceResponse } from './invoice.mapper.js';
import { type IssuedInvoice, InvoicesRepository } from './invoices.repository.js';

/** Invoices are issued when the due date is less than this many days away (server-behaviour §8). */
export const INVOICE_HORIZON_DAYS = 20;
const RUN_LOCK_MS = 10 * 60_000;

/**
 * The daily billing run. Every process ticks hourly; the first tick of a UTC day whose run is not marked done takes
 * the lock, issues the invoices and marks the day. A failed run is not marked, so the next tick tries again, and a
 * run that happens twice issues nothing twice: (company_id, due_date) is unique.
 */
@Injectable()
export class InvoiceGenerator implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Invoices');
  /** The run started at boot: a shutdown waits for it rather than closing the database under it. */
  private bootRun: Promise<unknown> | null = null;

  constructor(
    private readonly repository: InvoicesRepository,
    private readonly exclusive: ExclusiveRunner,
    private readonly realtime: RealtimeService,
    private readonly em: EntityManager,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** A process that starts late in the day (or a fresh install) does not wait for the next hour. */
  onApplicationBootstrap(): void {
    this.bootRun = this.runToday().catch((error: unknown) => this.logger.warn(`invoice run at boot: ${String(error)}`));
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.bootRun;
  }

  // Unnamed: the scheduler registry is shared by every app of the process (tests run several).
  @Cron(CronExpression.EVERY_HOUR)
  async tick(): Promise<void> {
    await this.runToday();
  }

  /** Runs the day's issue unless this or another process already did; answers whether this call ran it. */
  async runToday(now = new Date()): Promise<boolean> {
    const doneKey = `billing:invoices-issued:${now.toISOString().slice(0, 10)}`;
    if (await this.redis.exists(doneKey)) return false;
    let ran = false;
    await this.exclusive.run('billing-invoices', RUN_LOCK_MS, async () => {
      if (await this.redis.exists(doneKey)) return;
      const issued = await this.issue(now);
      await this.redis.set(doneKey, String(issued), 'EX', 2 * 24 * 3600);
      ran = true;
    });
    return ran;
  }

  /** Issues the invoices due within the horizon; answers how many were new. Safe to call any number of times. */
  async issue(now = new Date()): Promise<number> {
    const issued = await this.repository.issueDue(now, INVOICE_HORIZON_DAYS);
    await this.announce(issued);
    return issued.length;
  }

  /** The same for one company (its due date changed or passed); answers whether an invoice was new. */
  async issueFor(companyId: number, now = new Date()): Promise<boolean> {
    const issued = await this.repository.issueForCompany(companyId, now, INVOICE_HORIZON_DAYS);
    await this.announce(issued);
    return issued.length > 0;
  }

  private async announce(issued: IssuedInvoice[]): Promise<void> {
    if (issued.length) {
      this.logger.log(`issued ${issued.length} invoice(s)`);
      // Each was created for its own company; the admins' lists show it live.
      const invoices = await this.em.fork().find(Invoice, { id: { $in: issued.map((row) => row.id) } }, ACROSS_TENANTS);
      for (const invoice of invoices) this.realtime.toAdmins(invoice.company.id, 'invoice', { action: 'create', invoice: toInvoiceResponse(invoice) });
    }
  }
}
