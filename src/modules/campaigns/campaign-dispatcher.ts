import { type BeforeApplicationShutdown, Inject, Logger, type OnModuleInit } from '@nestjs/common';
import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { DelayedError, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { closeWorkerIfRedisDown } from '../../infra/jobs/bull.js';
import { JobReconciler } from '../../infra/jobs/job-reconciler.js';
import { REDIS } from '../../infra/redis/redis.tokens.js';
import { type CampaignJobData, CampaignJobs, CAMPAIGNS_QUEUE } from './campaign-jobs.js';
import { CampaignWalker } from './campaign-walker.js';
import { CampaignsRepository } from './campaigns.repository.js';

/** After an unexpected error (database away, say) the walk tries again this much later rather than stopping. */
const RETRY_AFTER_ERROR_MS = 5000;

/**
 * Runs the campaign jobs. A walk job moves itself to the delayed set until the next recipient is due (one job per
 * campaign, so two processes never walk the same campaign at once); the short lock lets another process take over
 * within seconds when this one dies mid-step.
 */
@Processor(CAMPAIGNS_QUEUE, { concurrency: 20, lockDuration: 10_000, stalledInterval: 5000 })
export class CampaignDispatcher extends WorkerHost implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('CampaignDispatcher');

  constructor(
    private readonly walker: CampaignWalker,
    private readonly jobs: CampaignJobs,
    private readonly repository: CampaignsRepository,
    private readonly reconciler: JobReconciler,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    super();
  }

  onModuleInit(): void {
    // Jobs live in Redis, which may lose them: the campaign rows are the truth.
    this.reconciler.register('campaigns', () => this.rearm());
  }

  private async rearm(): Promise<number> {
    const { campaigns, confirmed } = await this.repository.pendingWork();
    for (const c of campaigns) {
      const at = c.status === 'PROGRAMADA' ? (c.scheduled_at ?? new Date()) : (c.next_send_at ?? new Date());
      await this.jobs.armWalk(c.company_id, c.id, new Date(at), false);
    }
    for (const s of confirmed) await this.jobs.armConfirmed(s.company_id, s.id);
    return campaigns.length + confirmed.length;
  }

  async process(job: Job<CampaignJobData>, token?: string): Promise<void> {
    let next: Date | null;
    try {
      next =
        job.data.kind === 'walk'
          ? await this.walker.step(job.data.companyId, job.data.campaignId)
          : await this.walker.sendConfirmed(job.data.companyId, job.data.shippingId);
    } catch (error) {
      this.logger.error(`campaign job ${job.id}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      next = new Date(Date.now() + RETRY_AFTER_ERROR_MS);
    }
    if (next === null || !token) return;
    await job.moveToDelayed(Math.max(next.getTime(), Date.now()), token);
    throw new DelayedError();
  }

  beforeApplicationShutdown(): Promise<void> {
    return closeWorkerIfRedisDown(this.worker, this.redis);
  }

  @OnWorkerEvent('failed')
  failed(job: Job<CampaignJobData> | undefined, error: Error): void {
    if (error instanceof DelayedError) return;
    this.logger.error(`campaign job ${job?.id ?? '?'} failed: ${error.message}`);
  }

  @OnWorkerEvent('error')
  workerError(error: Error): void {
    this.logger.warn(`campaign worker: ${error.message}`);
  }
}
