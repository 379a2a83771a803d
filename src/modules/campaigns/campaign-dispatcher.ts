import { type BeforeApplicationShutdown, Inject, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { DelayedError, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { closeWorkerIfRedisDown } from '../../infra/jobs/bull.js';
import { JobReconciler } from '../../infra/jobs/job-reconciler.js';
import { REDIS } from '../../infra/redis/redis.tokens.js';
import { type CampaignJobData, CampaignJobs, CAMPAIGNS_QUEUE } from './campaign-jobs.js';
import { CampaignWalker } from './campaign-walker.js';
import { CampaignsRepository } from './campaigns.repository.js';

/** Waits up to this long are slept inside the job rather than through the delayed set. */
const HOLD_MAX_MS = 5000;
/** A job hands its campaign back to the queue at least this often, so many campaigns share the workers fairly. */
const RUN_MAX_MS = 60_000;

/** After an unexpected error (database away, say) the walk tries again this much later rather than stopping. */
const RETRY_AFTER_ERROR_MS = 5000;

/**
 * Runs the campaign jobs. A walk job moves itself to the delayed set until the next recipient is due (one job per
 * campaign, so two processes never walk the same campaign at once); the short lock lets another process take over
 * within seconds when this one dies mid-step.
 */
@Processor(CAMPAIGNS_QUEUE, { concurrency: 50, lockDuration: 10_000, stalledInterval: 5000 })
export class CampaignDispatcher extends WorkerHost implements OnModuleInit, OnModuleDestroy, BeforeApplicationShutdown {
  private readonly logger = new Logger('CampaignDispatcher');
  private closing = false;

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

  /**
   * Runs steps while the next one is due soon: a wait of up to HOLD_MAX_MS is slept here, which keeps the pacing
   * within milliseconds (a round trip through the delayed set costs tens); a longer wait, a shutdown or a long run
   * hands the job back to Redis as a delayed job. A process killed while holding leaves the job stalled, and another
   * process takes it over when its lock expires.
   */
  async process(job: Job<CampaignJobData>, token?: string): Promise<void> {
    const startedAt = Date.now();
    for (;;) {
      let next = await this.runStep(job);
      if (next === null && job.data.kind === 'walk' && (await this.walker.isRunning(job.data.companyId, job.data.campaignId))) {
        // Restarted while this job was finishing: its own re-arm was ignored (same job id), so it goes on.
        next = new Date();
      }
      if (next === null || !token) return;
      const wait = next.getTime() - Date.now();
      if (wait <= HOLD_MAX_MS && !this.closing && Date.now() - startedAt < RUN_MAX_MS) {
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        continue;
      }
      await job.moveToDelayed(Math.max(next.getTime(), Date.now()), token);
      throw new DelayedError();
    }
  }

  private async runStep(job: Job<CampaignJobData>): Promise<Date | null> {
    try {
      return job.data.kind === 'walk'
        ? await this.walker.step(job.data.companyId, job.data.campaignId)
        : await this.walker.sendConfirmed(job.data.companyId, job.data.shippingId);
    } catch (error) {
      this.logger.error(`campaign job ${job.id}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return new Date(Date.now() + RETRY_AFTER_ERROR_MS);
    }
  }

  onModuleDestroy(): void {
    this.closing = true;
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
