import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { bullConnection, bullPrefix, closeBull } from '../../infra/jobs/bull.js';
import { ACROSS_TENANTS, forkForCompany } from '../../infra/database/tenant-scope.js';
import { renderTemplate } from '../../shared/template-variables.js';
import { Whatsapp } from '../connections/whatsapp.entity.js';
import { Company } from '../companies/company.entity.js';
import { OutboundMessages } from '../messages/outbound-messages.js';
import { Ticket } from '../tickets/ticket.entity.js';
import { type ScheduleJobData, ScheduleJobs, SCHEDULES_QUEUE } from './schedule-jobs.js';
import { Schedule } from './schedule.entity.js';
import { ScheduleEvents } from './schedule-events.js';

/** A job that fires this much early (clock skew between processes) waits for the rest. */
const EARLY_TOLERANCE_MS = 2000;

/** Sends due schedules through their connection (or the company default): ENVIADA with sentAt, or ERRO with the reason. */
@Injectable()
export class ScheduleSender implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ScheduleSender');
  private worker: Worker<ScheduleJobData> | null = null;
  private connection: Redis | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly em: EntityManager,
    private readonly outbound: OutboundMessages,
    private readonly jobs: ScheduleJobs,
    private readonly events: ScheduleEvents,
  ) {}

  onModuleInit(): void {
    this.connection = bullConnection(this.config);
    this.worker = new Worker<ScheduleJobData>(SCHEDULES_QUEUE, (job) => this.send(job.data), {
      connection: this.connection,
      prefix: bullPrefix(this.config),
      concurrency: 5,
    });
    this.worker.on('failed', (job, error) => this.logger.error(`schedule job ${job?.id ?? '?'} failed: ${error.message}`));
    this.worker.on('error', (error) => this.logger.warn(`schedule worker: ${error.message}`));
  }

  /**
   * Jobs live in Redis; a Redis that lost its data (no persistence, a new instance) would lose them. At boot every
   * pending schedule is armed again: arming replaces, so a job that survived is not doubled.
   */
  onApplicationBootstrap(): void {
    // In the background: with Redis down, arming waits for it, and the app must still start (and report it).
    void this.rearmPending().catch((error: unknown) => this.logger.warn(`pending schedules not re-armed: ${String(error)}`));
  }

  private async rearmPending(): Promise<void> {
    const pending = await this.em.fork().find(Schedule, { status: 'PENDENTE' }, { ...ACROSS_TENANTS, fields: ['id', 'company', 'sendAt'] });
    for (const schedule of pending) await this.jobs.arm(schedule.company.id, schedule.id, schedule.sendAt);
  }

  async send({ companyId, scheduleId }: ScheduleJobData): Promise<void> {
    const em = forkForCompany(this.em, companyId);
    const schedule = await em.findOne(Schedule, { id: scheduleId }, { populate: ['contact', 'whatsapp', 'user'] });
    if (!schedule || schedule.status !== 'PENDENTE') return;
    const early = schedule.sendAt.getTime() - Date.now();
    if (early > EARLY_TOLERANCE_MS) {
      await this.jobs.arm(companyId, schedule.id, schedule.sendAt); // edited to later, or fired early
      return;
    }
    const contact = schedule.contact.getEntity();
    try {
      const whatsapp = schedule.whatsapp ?? (await em.findOne(Whatsapp, { isDefault: true }));
      if (!whatsapp) throw new Error('The company has no default connection');
      const company = await em.findOneOrFail(Company, { id: companyId });
      const body = renderTemplate(schedule.body, { name: contact.name, timeZone: company.timezone });
      const sent = await this.outbound.sendToNumber(companyId, whatsapp.id, contact.number, body);
      schedule.status = 'ENVIADA';
      schedule.sentAt = new Date();
      schedule.error = null;
      schedule.ticket = em.getReference(Ticket, sent.ticketId) as never;
    } catch (error) {
      schedule.status = 'ERRO';
      schedule.error = error instanceof Error ? error.message : String(error);
      this.logger.warn(`schedule ${schedule.id}: not sent: ${schedule.error}`);
    }
    await em.flush();
    this.events.changed(companyId, schedule);
  }

  async onApplicationShutdown(): Promise<void> {
    await closeBull(this.worker, this.connection);
  }
}
