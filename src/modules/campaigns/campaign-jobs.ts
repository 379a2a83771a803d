import { Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { addReplacingFinished, armDelayedJob, jobIsLive } from '../../infra/jobs/bull.js';

export const CAMPAIGNS_QUEUE = 'campaigns';

/**
 * `walk`: a campaign's one job, moving itself along from recipient to recipient, for the campaign's current walk
 * generation (a job of an older generation does nothing); `confirmed`: a confirmed recipient's main message.
 */
export type CampaignJobData =
  | { kind: 'walk'; companyId: number; campaignId: number; generation?: number }
  | { kind: 'confirmed'; companyId: number; shippingId: number };

/**
 * The walk job of a campaign's generation. A failed job keeps its id in Redis (and BullMQ ignores an add of an id it
 * holds), a stuck one cannot be removed: re-arming after either takes the next generation, so a fresh id.
 */
export const walkJobId = (campaignId: number, generation = 0): string => `campaign-${campaignId}.${generation}`;
export const confirmedJobId = (shippingId: number): string => `campaign-confirmed-${shippingId}`;

/**
 * One delayed job per campaign carries its walk: it fires at scheduledAt, sends to one recipient, and delays itself
 * until the next is due. The rows are the truth (status, nextSendAt, shippings, the walk's generation and fence), so a
 * stale or repeated job is harmless.
 */
@Injectable()
export class CampaignJobs {
  private readonly logger = new Logger('CampaignJobs');

  constructor(@InjectQueue(CAMPAIGNS_QUEUE) private readonly queue: Queue<CampaignJobData>) {
    this.queue.on('error', (error) => this.logger.debug(`campaign queue: ${error.message}`));
  }

  /** `replace: false` keeps a job already armed (the reconciler must not reset a walk in progress). */
  async armWalk(companyId: number, campaignId: number, at: Date, replace = true, generation = 0): Promise<void> {
    const job = {
      jobId: walkJobId(campaignId, generation),
      name: 'walk',
      data: { kind: 'walk' as const, companyId, campaignId, generation },
      delayMs: at.getTime() - Date.now(),
      label: 'campaign',
      replace,
    };
    await armDelayedJob(this.queue, job, this.logger);
  }

  async armConfirmed(companyId: number, shippingId: number): Promise<void> {
    const job = {
      jobId: confirmedJobId(shippingId),
      name: 'confirmed',
      data: { kind: 'confirmed' as const, companyId, shippingId },
      delayMs: 0,
      label: 'campaign',
      replace: false,
    };
    await armDelayedJob(this.queue, job, this.logger);
  }

  /** Whether the walk job of that generation will still run (throws when Redis does not answer). */
  walkIsLive(campaignId: number, generation: number): Promise<boolean> {
    return jobIsLive(this.queue, walkJobId(campaignId, generation));
  }

  /** A confirmed recipient whose job is not live gets one again (a failed one of the same id is removed first). */
  async rearmConfirmed(companyId: number, shippingId: number): Promise<boolean> {
    if (await jobIsLive(this.queue, confirmedJobId(shippingId))) return false;
    await addReplacingFinished(
      this.queue,
      'confirmed',
      { kind: 'confirmed', companyId, shippingId },
      { jobId: confirmedJobId(shippingId), removeOnComplete: true, removeOnFail: 1000 },
    );
    return true;
  }

  /** A job being processed cannot be removed: it re-reads the campaign and stops. */
  async cancelWalk(campaignId: number, generation: number): Promise<void> {
    await this.queue.remove(walkJobId(campaignId, generation)).catch(() => undefined);
  }
}
