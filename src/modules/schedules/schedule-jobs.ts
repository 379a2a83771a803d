import { Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { armDelayedJob } from '../../infra/jobs/bull.js';

export const SCHEDULES_QUEUE = 'scheduled-messages';

export interface ScheduleJobData {
  companyId: number;
  scheduleId: number;
}

export const scheduleJobId = (scheduleId: number): string => `schedule-${scheduleId}`;

/** Arms one delayed job per schedule; editing replaces it, deleting removes it. The worker re-reads the row anyway. */
@Injectable()
export class ScheduleJobs {
  private readonly logger = new Logger('ScheduleJobs');

  constructor(@InjectQueue(SCHEDULES_QUEUE) private readonly queue: Queue<ScheduleJobData>) {
    this.queue.on('error', (error) => this.logger.debug(`schedule queue: ${error.message}`));
  }

  async arm(companyId: number, scheduleId: number, sendAt: Date): Promise<void> {
    const job = { jobId: scheduleJobId(scheduleId), name: 'send', data: { companyId, scheduleId }, delayMs: sendAt.getTime() - Date.now(), label: 'schedule' };
    await armDelayedJob(this.queue, job, this.logger);
  }

  async cancel(scheduleId: number): Promise<void> {
    // A job being processed right now cannot be removed; it re-reads the schedule and finds it changed.
    await this.queue.remove(scheduleJobId(scheduleId)).catch(() => undefined);
  }
}
