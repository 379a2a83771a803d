import { Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { armDelayedJob } from '../../infra/jobs/bull.js';

export const CAMPAIGNS_QUEUE = 'campaigns';

/** `walk`: a campaign's one job, moving itself along from recipient to recipient; `confirmed`: a confirmed recipient's main message. */
export type CampaignJobData = { kind: 'walk'; companyId: number; campaignId: number } | { kind: 'confirmed'; companyId: number; shippingId: number };

export const walkJobId = (campaignId: number): string => `campaign-${campaignId}`;
export const confirmedJobId = (shippingId: number): string => `campaign-confirmed-${shippingId}`;

/**
 * One delayed job per campaign carries its walk: it fires at scheduledAt, sends to one recipient, and delays itself
 * until the next is due. The rows are the truth (status, nextSendAt, shippings), so a stale or repeated job is harmless.
 */
@Injectable()
export class CampaignJobs {
  private readonly logger = new Logger('CampaignJobs');

  constructor(@InjectQueue(CAMPAIGNS_QUEUE) private readonly queue: Queue<CampaignJobData>) {
    this.queue.on('error', (error) => this.logger.debug(`campaign queue: ${error.message}`));
  }

  /** `replace: false` keeps a job already armed (the reconciler must not reset a walk in progress). */
  async armWalk(companyId: number, campaignId: number, at: Date, replace = true): Promise<void> {
    const job = {
      jobId: walkJobId(campaignId),
      name: 'walk',
      data: { kind: 'walk' as const, companyId, campaignId },
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

  /** A job being processed cannot be removed: it re-reads the campaign and stops. */
  async cancelWalk(campaignId: number): Promise<void> {
    await this.queue.remove(walkJobId(campaignId)).catch(() => undefined);
  }
}
