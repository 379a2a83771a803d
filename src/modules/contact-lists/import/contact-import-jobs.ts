import { Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { JobsOptions, Queue } from 'bullmq';
import { ARM_WAIT_MS, armWithin, jobIsLive } from '../../../infra/jobs/bull.js';

export const CONTACT_IMPORT_QUEUE = 'contact-list-imports';

export interface ContactImportJobData {
  companyId: number;
  importId: number;
  /** The import's generation this job runs for (a job of an older one does nothing). */
  generation?: number;
}

/** One job per import and generation: a job re-armed after a crash or a failure gets a fresh id. */
export const importJobId = (importId: number, generation = 0): string => `contact-import-${importId}.${generation}`;

/** No BullMQ retries: a run that fails or dies goes silent, and the watch queues the next generation (and counts it). */
const JOB_OPTIONS: JobsOptions = { attempts: 1, removeOnComplete: true, removeOnFail: 1000 };

/**
 * One job per import row and generation. Adding the id of a job that is still waiting or running is a no-op in BullMQ,
 * so queueing again (after a Redis loss) never runs an import twice at once; the job re-reads its row anyway.
 */
@Injectable()
export class ContactImportJobs {
  private readonly logger = new Logger('ContactImportJobs');

  constructor(@InjectQueue(CONTACT_IMPORT_QUEUE) private readonly queue: Queue<ContactImportJobData>) {
    this.queue.on('error', (error) => this.logger.debug(`import queue: ${error.message}`));
  }

  async enqueue(companyId: number, importId: number, generation = 0): Promise<void> {
    const add = this.queue.add.bind(this.queue) as (name: string, data: ContactImportJobData, opts: JobsOptions) => Promise<unknown>;
    await armWithin(
      add('import', { companyId, importId, generation }, { ...JOB_OPTIONS, jobId: importJobId(importId, generation) }),
      ARM_WAIT_MS,
      () => this.logger.warn(`import ${importId}: Redis is not answering; it is queued when it is back`),
      (error) => this.logger.error(`import ${importId} not queued: ${String(error)}`),
    );
  }

  /** Whether the job of that generation will still run (throws when Redis does not answer). */
  isLive(importId: number, generation: number): Promise<boolean> {
    return jobIsLive(this.queue, importJobId(importId, generation));
  }
}
