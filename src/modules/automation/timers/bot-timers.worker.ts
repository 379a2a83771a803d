import { type BeforeApplicationShutdown, Inject, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { closeWorkerIfRedisDown } from '../../../infra/jobs/bull.js';
import { REDIS } from '../../../infra/redis/redis.tokens.js';
import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { DelayedError, type Job } from 'bullmq';
import { BOT_TIMERS_QUEUE, type TimerJobData, type TimerKind } from './bot-timer-jobs.js';
import { TimerActions } from './timer-actions.js';

/** Runs due bot timers. Any number of processes may run it: BullMQ hands each job to exactly one of them. */
@Processor(BOT_TIMERS_QUEUE, { concurrency: 10 })
export class BotTimersWorker extends WorkerHost implements BeforeApplicationShutdown {
  private readonly logger = new Logger('BotTimersWorker');

  constructor(
    private readonly actions: TimerActions,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    super();
  }

  /**
   * A timer that must run later is delayed as the same job: adding a job under the id of the one being processed
   * would be ignored by BullMQ, and the timer lost once this one completes.
   */
  async process(job: Job<TimerJobData>, token?: string): Promise<void> {
    const later = await this.actions.run(job.name as TimerKind, job.data);
    if (later === null || !token) return;
    await job.moveToDelayed(Date.now() + Math.max(0, Math.round(later)), token);
    throw new DelayedError();
  }

  beforeApplicationShutdown(): Promise<void> {
    return closeWorkerIfRedisDown(this.worker, this.redis);
  }

  @OnWorkerEvent('failed')
  failed(job: Job<TimerJobData> | undefined, error: Error): void {
    this.logger.error(`timer ${job?.id ?? '?'} failed: ${error.message}`);
  }

  @OnWorkerEvent('error')
  workerError(error: Error): void {
    this.logger.warn(`timer worker: ${error.message}`);
  }
}
