import { type BeforeApplicationShutdown, Inject, Logger, type OnModuleDestroy } from '@nestjs/common';
import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { DelayedError, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { closeWorkerIfRedisDown } from '../../infra/jobs/bull.js';
import { REDIS } from '../../infra/redis/redis.tokens.js';
import { type CampaignJobData, CAMPAIGNS_QUEUE } from './campaign-jobs.js';
import { CampaignWalker } from './campaign-walker.js';

/** Waits up to this long are slept inside the job rather than through the delayed set. */
const HOLD_MAX_MS = 5000;
/** A job hands its campaign back to the queue at least this often, so many campaigns share the workers fairly. */
const RUN_MAX_MS = 60_000;

/** After an unexpected error (database away, say) the walk tries again this much later rather than stopping. */
const RETRY_AFTER_ERROR_MS = 5000;

/**
 * Runs the campaign jobs. A walk job moves itself to the delayed set until the next recipient is due; each run first
 * takes the walk (the campaign's fence, see CampaignDispatchRepository), so of two runs of a campaign only the later
 * one sends. A short lock lets another process take over within seconds when this one dies mid-step, and a job may
 * stall any number of times (each crash is one): a walk is never failed for it. Walks that stop moving anyway are
 * noticed from the database by the CampaignWatch.
 */
@Processor(CAMPAIGNS_QUEUE, { concurrency: 50, lockDuration: 6000, stalledInterval: 3000, maxStalledCount: 1_000_000 })
export class CampaignDispatcher extends WorkerHost implements OnModuleDestroy, BeforeApplicationShutdown {
  private readonly logger = new Logger('CampaignDispatcher');
  private closing = false;
  /** Jobs whose lock this process failed to renew: someone else may run them now, so these runs stop. */
  private readonly lost = new Set<string>();

  constructor(
    private readonly walker: CampaignWalker,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    super();
  }

  /**
   * Runs steps while the next one is due soon: a wait of up to HOLD_MAX_MS is slept here, which keeps the pacing
   * within milliseconds (a round trip through the delayed set costs tens); a longer wait, a shutdown or a long run
   * hands the job back to Redis as a delayed job. A process killed while holding leaves the job stalled, and another
   * process takes it over when its lock expires.
   */
  async process(job: Job<CampaignJobData>, token?: string): Promise<void> {
    const id = String(job.id);
    this.lost.delete(id);
    const data = job.data;
    let step: () => Promise<Date | null>;
    if (data.kind === 'walk') {
      let fence: number | null;
      try {
        fence = await this.walker.take(data.companyId, data.campaignId, data.generation ?? 0);
      } catch (error) {
        this.logger.error(`campaign job ${id}: the walk not taken: ${error instanceof Error ? error.message : String(error)}`);
        return this.later(job, token, new Date(Date.now() + RETRY_AFTER_ERROR_MS));
      }
      if (fence === null) return;
      const taken = fence;
      step = () => this.walker.step(data.companyId, data.campaignId, taken);
    } else {
      step = () => this.walker.sendConfirmed(data.companyId, data.shippingId);
    }
    const startedAt = Date.now();
    for (;;) {
      if (this.lost.delete(id)) {
        this.logger.warn(`campaign job ${id}: its lock was lost; this run stops (the walk's fence keeps a second walker from sending)`);
        return;
      }
      const next = await this.runStep(id, step);
      if (next === null) return;
      const wait = next.getTime() - Date.now();
      if (wait <= HOLD_MAX_MS && !this.closing && Date.now() - startedAt < RUN_MAX_MS) {
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        continue;
      }
      return this.later(job, token, next);
    }
  }

  /** Hands the job back to the delayed set until `at`. */
  private async later(job: Job<CampaignJobData>, token: string | undefined, at: Date): Promise<void> {
    if (!token) return;
    await job.moveToDelayed(Math.max(at.getTime(), Date.now()), token);
    throw new DelayedError();
  }

  private async runStep(id: string, step: () => Promise<Date | null>): Promise<Date | null> {
    try {
      return await step();
    } catch (error) {
      this.logger.error(`campaign job ${id}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return new Date(Date.now() + RETRY_AFTER_ERROR_MS);
    }
  }

  onModuleDestroy(): void {
    this.closing = true;
  }

  beforeApplicationShutdown(): Promise<void> {
    return closeWorkerIfRedisDown(this.worker, this.redis);
  }

  @OnWorkerEvent('lockRenewalFailed')
  lockLost(jobIds: string[]): void {
    for (const jobId of jobIds) this.lost.add(String(jobId));
  }

  @OnWorkerEvent('failed')
  failed(job: Job<CampaignJobData> | undefined, error: Error): void {
    if (error instanceof DelayedError) return;
    // The CampaignWatch sees the walk stop moving and arms the next generation.
    this.logger.error(`campaign job ${job?.id ?? '?'} failed: ${error.message}`);
  }

  @OnWorkerEvent('error')
  workerError(error: Error): void {
    this.logger.warn(`campaign worker: ${error.message}`);
  }
}
