import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { armDelayedJob } from '../../../infra/jobs/bull.js';
import { BotTimersRepository } from './bot-timers.repository.js';
import { BOT_TIMERS_QUEUE, RATING_WAIT_HOURS, TIMER_KINDS, type TimerJobData, type TimerKind, timerJobId } from './bot-timer-jobs.js';

/**
 * Arms the bot's timers. Each job is re-checked against the database when it fires, so a stale or duplicate job
 * only costs one query; re-arming replaces the previous job of the same ticket and kind.
 */
@Injectable()
export class BotTimers {
  private readonly logger = new Logger('BotTimers');
  readonly minuteMs: number;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly repository: BotTimersRepository,
    @InjectQueue(BOT_TIMERS_QUEUE) private readonly queue: Queue<TimerJobData>,
  ) {
    this.minuteMs = config.automation.minuteMs;
    // Redis outages are reported by /api/health; arming fails (and is logged) until it is back.
    this.queue.on('error', (error) => this.logger.debug(`timer queue: ${error.message}`));
  }

  /** After each message we send: an open ticket closes when the customer stays silent for expiresTicket minutes. */
  async afterOurMessage(companyId: number, ticketId: number, whatsappId: number | null): Promise<void> {
    if (!whatsappId) return;
    const minutes = await this.repository.expiresTicket(companyId, whatsappId);
    if (minutes && minutes > 0) await this.arm('expire', { companyId, ticketId }, minutes * this.minuteMs);
  }

  /** A waiting ticket without a queue moves to transferQueueId after timeToTransfer minutes (the caller read both). */
  async ticketWaiting(
    companyId: number,
    ticketId: number,
    waitingSince: Date,
    connection: { time_to_transfer: number | null; transfer_queue_id: number | null },
  ): Promise<void> {
    if (!connection.time_to_transfer || !connection.transfer_queue_id) return;
    const due = waitingSince.getTime() + connection.time_to_transfer * this.minuteMs - Date.now();
    await this.arm('transfer', { companyId, ticketId }, due, false);
  }

  async ratingRequested(companyId: number, ticketId: number): Promise<void> {
    await this.arm('rating', { companyId, ticketId }, RATING_WAIT_HOURS * 60 * this.minuteMs);
  }

  /** `replace` false keeps an already armed job (its clock started earlier). */
  async arm(kind: TimerKind, data: TimerJobData, delayMs: number, replace = true): Promise<void> {
    await armDelayedJob(this.queue, { jobId: timerJobId(kind, data.ticketId), name: kind, data, delayMs, replace, label: 'timer' }, this.logger);
  }

  async cancel(kind: TimerKind, ticketId: number): Promise<void> {
    await this.queue.remove(timerJobId(kind, ticketId)).catch(() => undefined);
  }

  /** The delayed jobs of one ticket (tests and diagnostics). */
  async pending(ticketId: number): Promise<TimerKind[]> {
    const kinds: TimerKind[] = [];
    for (const kind of TIMER_KINDS) if (await this.queue.getJob(timerJobId(kind, ticketId))) kinds.push(kind);
    return kinds;
  }

  /** When the delayed job of a ticket and kind runs next, or null when none is armed (tests and diagnostics). */
  async runsAt(kind: TimerKind, ticketId: number): Promise<Date | null> {
    const job = await this.queue.getJob(timerJobId(kind, ticketId));
    if (!job || !(await job.isDelayed())) return null;
    return new Date(job.timestamp + (job.delay ?? 0));
  }
}
