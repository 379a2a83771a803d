import { Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { JobsOptions, Queue } from 'bullmq';
import { ARM_WAIT_MS, armWithin } from '../../../infra/jobs/bull.js';

export const CONTACT_IMPORT_QUEUE = 'contact-list-imports';

export interface ContactImportJobData {
  companyId: number;
  importId: number;
}

export const importJobId = (importId: number): string => `contact-import-${importId}`;

const JOB_OPTIONS: JobsOptions = { attempts: 3, backoff: { type: 'exponential', delay: 5000 }, removeOnComplete: true, removeOnFail: 1000 };

/**
 * One job per import row. Adding the id of a job that is still waiting or running is a no-op in BullMQ, so queueing
 * again (at boot, after a Redis loss) never runs an import twice at once; the job re-reads its row anyway.
 */
@Injectable()
export class ContactImportJobs {
  private readonly logger = new Logger('ContactImportJobs');

  constructor(@InjectQueue(CONTACT_IMPORT_QUEUE) private readonly queue: Queue<ContactImportJobData>) {
    this.queue.on('error', (error) => this.logger.debug(`import queue: ${error.message}`));
  }

  async enqueue(companyId: number, importId: number): Promise<void> {
    const add = this.queue.add.bind(this.queue) as (name: string, data: ContactImportJobData, opts: JobsOptions) => Promise<unknown>;
    await armWithin(
      add('import', { companyId, importId }, { ...JOB_OPTIONS, jobId: importJobId(importId) }),
      ARM_WAIT_MS,
      () => this.logger.warn(`import ${importId}: Redis is not answering; it is queued when it is back`),
      (error) => this.logger.error(`import ${importId} not queued: ${String(error)}`),
    );
  }
}
