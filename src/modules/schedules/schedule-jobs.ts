import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { bullConnection, bullPrefix, closeBull } from '../../infra/jobs/bull.js';

export const SCHEDULES_QUEUE = 'scheduled-messages';

export interface ScheduleJobData {
  companyId: number;
  scheduleId: number;
}

export const scheduleJobId = (scheduleId: number): string => `schedule-${scheduleId}`;

/** Arms one delayed job per schedule; editing replaces it, deleting removes it. The worker re-reads the row anyway. */
@Injectable()
export class ScheduleJobs implements OnApplicationShutdown {
  private readonly logger = new Logger('ScheduleJobs');
  private readonly connection: Redis;
  private readonly queue: Queue<ScheduleJobData>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.connection = bullConnection(config);
    this.queue = new Queue<ScheduleJobData>(SCHEDULES_QUEUE, { connection: this.connection, prefix: bullPrefix(config) });
    this.queue.on('error', (error) => this.logger.debug(`schedule queue: ${error.message}`));
  }

  async arm(companyId: number, scheduleId: number, sendAt: Date): Promise<void> {
    await this.cancel(scheduleId);
    await this.queue.add('send', { companyId, scheduleId }, {
      jobId: scheduleJobId(scheduleId),
      delay: Math.max(0, sendAt.getTime() - Date.now()),
      removeOnComplete: true,
      removeOnFail: 1000,
    });
  }

  async cancel(scheduleId: number): Promise<void> {
    // A job being processed right now cannot be removed; it re-reads the schedule and finds it changed.
    await this.queue.remove(scheduleJobId(scheduleId)).catch(() => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    await closeBull(this.queue, this.connection);
  }
}
