import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { BOT_TIMERS_QUEUE, type TimerJobData, type TimerKind } from './bot-timer-jobs.js';
import { bullConnection, bullPrefix, closeBull } from '../../../infra/jobs/bull.js';
import { TimerActions } from './timer-actions.js';

/** Runs due bot timers. Any number of processes may run it: BullMQ hands each job to exactly one of them. */
@Injectable()
export class BotTimersWorker implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('BotTimersWorker');
  private worker: Worker<TimerJobData> | null = null;
  private connection: Redis | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly actions: TimerActions,
  ) {}

  onModuleInit(): void {
    this.connection = bullConnection(this.config);
    this.worker = new Worker<TimerJobData>(BOT_TIMERS_QUEUE, (job) => this.actions.run(job.name as TimerKind, job.data), {
      connection: this.connection,
      prefix: bullPrefix(this.config),
      concurrency: 10,
    });
    this.worker.on('failed', (job, error) => this.logger.error(`timer ${job?.id ?? '?'} failed: ${error.message}`));
    this.worker.on('error', (error) => this.logger.warn(`timer worker: ${error.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    await closeBull(this.worker, this.connection);
  }
}
