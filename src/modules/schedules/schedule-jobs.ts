import { Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { ARM_WAIT_MS, armWithin } from '../../infra/jobs/bull.js';

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
    const jobId = scheduleJobId(scheduleId);
    const options = { jobId, delay: Math.max(0, sendAt.getTime() - Date.now()), timestamp: Date.now(), removeOnComplete: true, removeOnFail: 1000 };
    const work = (async () => {
      await this.cancel(scheduleId);
      await this.queue.add('send', { companyId, scheduleId }, options);
    })();
    await armWithin(
      work,
      ARM_WAIT_MS,
      () => this.logger.warn(`${jobId}: Redis is not answering; the schedule is armed when it is back`),
      (error) => this.logger.error(`${jobId} not armed: ${String(error)}`),
    );
  }

  async cancel(scheduleId: number): Promise<void> {
    // A job being processed right now cannot be removed; it re-reads the schedule and finds it changed.
    await this.queue.remove(scheduleJobId(scheduleId)).catch(() => undefined);
  }
}
