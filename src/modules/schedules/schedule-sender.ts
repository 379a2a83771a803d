import { type BeforeApplicationShutdown, Inject, Logger, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { closeWorkerIfRedisDown } from '../../infra/jobs/bull.js';
import { REDIS } from '../../infra/redis/redis.tokens.js';
import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { DelayedError, type Job } from 'bullmq';
import { EntityManager } from '@mikro-orm/postgresql';
import { ChannelManager } from '../../channels/channel-manager.js';
import { APP_CONFIG, type AppConfig, DEFAULT_OUTCOME_WAIT_MS } from '../../config/app-config.js';
import { isCloudRefusal } from '../../channels/cloud-api/cloud-api-errors.js';
import { JobReconciler } from '../../infra/jobs/job-reconciler.js';
import { ACROSS_TENANTS, forkForCompany } from '../../infra/database/tenant-scope.js';
import { renderTemplate } from '../../shared/template-variables.js';
import { Whatsapp } from '../connections/whatsapp.entity.js';
import { Company } from '../companies/company.entity.js';
import { CompanyActivity, INACTIVE_COMPANY_TEXT } from '../companies/company-activity.js';
import { OutboundMessages } from '../messages/outbound-messages.js';
import { Ticket } from '../tickets/ticket.entity.js';
import { type ScheduleJobData, ScheduleJobs, SCHEDULES_QUEUE } from './schedule-jobs.js';
import { Schedule } from './schedule.entity.js';
import { ScheduleEvents } from './schedule-events.js';
import { scheduleTemplateSend } from './schedule-template.js';

/** A job that fires this much early (clock skew between processes) waits for the rest. */
const EARLY_TOLERANCE_MS = 2000;

/** A send of unknown outcome the provider's status did not settle in time: never sent twice. */
const OUTCOME_UNKNOWN_TEXT = 'ERR_CLOUD_OUTCOME_UNKNOWN: the send was attempted but Meta reported no outcome in time; not sent again';

/**
 * Sends due schedules through their connection (or the company default): ENVIADA with sentAt, or ERRO with the
 * reason. On a connection whose provider assigns the message ids (the Cloud API) the schedule's approved template is
 * sent, and the attempt (its id, which travels as biz_opaque_callback_data) is recorded before the call: a job run
 * again after a crash finds it and waits for the status webhook naming that id (ScheduleOutcomes) rather than send
 * again, up to SEND_OUTCOME_WAIT_MS, then marks the schedule failed (or, configured with `resend`, sends it again).
 */
@Processor(SCHEDULES_QUEUE, { concurrency: 5 })
export class ScheduleSender extends WorkerHost implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('ScheduleSender');

  constructor(
    private readonly em: EntityManager,
    private readonly outbound: OutboundMessages,
    private readonly jobs: ScheduleJobs,
    private readonly events: ScheduleEvents,
    private readonly activity: CompanyActivity,
    private readonly reconciler: JobReconciler,
    private readonly channels: ChannelManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    super();
  }

  onModuleInit(): void {
    // Jobs live in Redis, which may lose them (no persistence, a new instance): the rows are the truth.
    this.reconciler.register('scheduled messages', () => this.rearmPending());
  }

  /** Every pending schedule armed again (arming replaces, so a job that survived is not doubled). */
  private async rearmPending(): Promise<number> {
    const pending = await this.em.fork().find(Schedule, { status: 'PENDENTE' }, { ...ACROSS_TENANTS, fields: ['id', 'company', 'sendAt'] });
    for (const schedule of pending) await this.jobs.arm(schedule.company.id, schedule.id, schedule.sendAt);
    return pending.length;
  }

  /** A job that fired early is delayed as itself (re-adding its id while it runs would be ignored by BullMQ). */
  async process(job: Job<ScheduleJobData>, token?: string): Promise<void> {
    const early = await this.send(job.data);
    if (early === null || !token) return;
    await job.moveToDelayed(Date.now() + early, token);
    throw new DelayedError();
  }

  /** Sends a due schedule; answers how many milliseconds early the job fired (it then runs again), or null. */
  async send({ companyId, scheduleId }: ScheduleJobData): Promise<number | null> {
    const em = forkForCompany(this.em, companyId);
    const schedule = await em.findOne(Schedule, { id: scheduleId }, { populate: ['contact', 'whatsapp', 'user'] });
    if (schedule?.status !== 'PENDENTE') return null;
    const early = schedule.sendAt.getTime() - Date.now();
    if (early > EARLY_TOLERANCE_MS) return early; // edited to later, or fired early
    const contact = schedule.contact.getEntity();
    // A disabled or expired company sends nothing; the schedule shows why and goes back in line when edited.
    const inactive = await this.activity.inactiveReason(companyId);
    try {
      if (inactive) throw new Error(INACTIVE_COMPANY_TEXT[inactive]);
      const whatsapp = schedule.whatsapp?.getEntity() ?? (await em.findOne(Whatsapp, { isDefault: true }));
      if (!whatsapp) throw new Error('The company has no default connection');
      const company = await em.findOneOrFail(Company, { id: companyId });
      const render = (text: string) => renderTemplate(text, { name: contact.name, timeZone: company.timezone });
      const assignsIds = this.channels.capabilities(whatsapp.provider)?.clientMessageIds === false;
      if (assignsIds && schedule.attemptedAt) {
        const later = await this.unknownOutcome(em, schedule);
        if (later !== undefined) return later;
      }
      let sent: { ticketId: number };
      if (assignsIds) {
        const template = await scheduleTemplateSend(em, schedule, whatsapp.id, render);
        // Recorded (committed) before the call: a run after a crash waits for Meta's status instead of sending again.
        schedule.providerId = this.channels.session(companyId, whatsapp.id).newMessageId();
        schedule.attemptedAt = new Date();
        schedule.outcomeAck = null;
        await em.flush();
        try {
          sent = await this.outbound.sendToNumber(companyId, whatsapp.id, contact.number, template.body, undefined, {
            template: template.message,
            id: schedule.providerId,
          });
        } catch (error) {
          // A refusal Meta answered sent nothing; anything else may have gone out: the status decides (see above).
          if (!isCloudRefusal(error)) {
            this.logger.warn(`schedule ${schedule.id}: outcome unknown (${error instanceof Error ? error.message : String(error)}); waiting for Meta's status`);
            return this.outcomeWaitMs();
          }
          schedule.attemptedAt = null;
          throw error;
        }
      } else sent = await this.outbound.sendToNumber(companyId, whatsapp.id, contact.number, render(schedule.body));
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
    return null;
  }

  private outcomeWaitMs(): number {
    return this.config.campaigns.outcomeWaitMs ?? DEFAULT_OUTCOME_WAIT_MS;
  }

  /**
   * A schedule still PENDENTE with an attempt recorded: the process died between the call and its record (a status
   * webhook would have settled it). Answers how long to wait yet for that status; or, once the wait is over, marks it
   * failed (answers null), or with `resend` forgets the attempt (answers undefined: send now).
   */
  private async unknownOutcome(em: ReturnType<typeof forkForCompany>, schedule: Schedule): Promise<number | null | undefined> {
    const left = (schedule.attemptedAt as Date).getTime() + this.outcomeWaitMs() - Date.now();
    if (left > 0) return Math.min(left, 2000);
    if (this.config.campaigns.unknownOutcome === 'resend') {
      schedule.attemptedAt = null;
      return undefined;
    }
    schedule.status = 'ERRO';
    schedule.error = OUTCOME_UNKNOWN_TEXT;
    await em.flush();
    this.events.changed(schedule.company.id, schedule);
    return null;
  }

  beforeApplicationShutdown(): Promise<void> {
    return closeWorkerIfRedisDown(this.worker, this.redis);
  }

  @OnWorkerEvent('failed')
  failed(job: Job<ScheduleJobData> | undefined, error: Error): void {
    this.logger.error(`schedule job ${job?.id ?? '?'} failed: ${error.message}`);
  }

  @OnWorkerEvent('error')
  workerError(error: Error): void {
    this.logger.warn(`schedule worker: ${error.message}`);
  }
}
