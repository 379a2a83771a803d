import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { JobReconciler } from '../../infra/jobs/job-reconciler.js';
import { campaignMetrics } from '../../infra/metrics/instruments.js';
import { CampaignJobs } from './campaign-jobs.js';
import { CampaignWalker } from './campaign-walker.js';
import { CampaignsRepository } from './campaigns.repository.js';

/** A walk due this long ago whose job is gone, failed or finished is re-armed. */
export const WALK_GRACE_MS = 5000;
/** A walk due this long ago is re-armed even with a live job (a runner that hangs, a job that crashes its process). */
export const WALK_STALE_MS = 60_000;
/** Re-arms in a row without a recipient walked, after which the campaign stops with WALK_STUCK. */
export const WALK_MAX_REARMS = 5;
/** A confirmed recipient still waiting this long after its confirmation gets its job again if it has none. */
const CONFIRMED_GRACE_MS = 30_000;

/**
 * Keeps every scheduled or running campaign moving, from the database's point of view (the rows are the truth; Redis
 * holds only wake-ups). After Redis lost its data, every walk is armed again under its next generation. Every
 * watch tick, a campaign whose due time passed WALK_GRACE_MS ago with no live job, or WALK_STALE_MS ago whatever its
 * job, gets a job of the next generation (a failed job's id stays taken in Redis; a hung runner cannot be removed; the
 * older job, should it run, does nothing, and the fence keeps an older walker from sending). After WALK_MAX_REARMS
 * re-arms without progress the campaign stops (CANCELADA) with WALK_STUCK shown, and restart resumes it.
 */
@Injectable()
export class CampaignWatch implements OnModuleInit {
  private readonly logger = new Logger('CampaignWatch');

  constructor(
    private readonly repository: CampaignsRepository,
    private readonly jobs: CampaignJobs,
    private readonly walker: CampaignWalker,
    private readonly reconciler: JobReconciler,
  ) {}

  onModuleInit(): void {
    this.reconciler.register('campaigns', () => this.rearmAll());
    this.reconciler.watch('campaigns', () => this.check());
  }

  /**
   * Redis lost its data: every walk gets a job of its next generation (a run that lost its job may still be going on
   * in a process; BullMQ tracks runs by job id, so the new one must not share it), every confirmed recipient its job.
   */
  async rearmAll(): Promise<number> {
    const { campaigns, confirmed } = await this.repository.pendingWork();
    for (const c of campaigns) {
      const generation = await this.repository.bumpWalkGeneration(c.company_id, c.id);
      if (generation === null) continue;
      const at = c.status === 'PROGRAMADA' ? (c.scheduled_at ?? new Date()) : (c.next_send_at ?? new Date());
      await this.jobs.armWalk(c.company_id, c.id, new Date(at), false, generation);
    }
    for (const s of confirmed) await this.jobs.armConfirmed(s.company_id, s.id);
    return campaigns.length + confirmed.length;
  }

  /** One watch tick: walks that stopped moving are re-armed or, past the limit, stopped with the reason shown. */
  async check(): Promise<number> {
    let rearmed = 0;
    for (const walk of await this.repository.lateWalks(WALK_GRACE_MS)) {
      const late = Number(walk.late_ms);
      if (late < WALK_STALE_MS && (await this.jobs.walkIsLive(walk.id, walk.walk_generation))) continue;
      const generation = await this.repository.rearmWalk(walk.company_id, walk.id, walk.walk_generation, WALK_MAX_REARMS);
      if (generation !== null) {
        this.logger.warn(
          `campaign ${walk.id}: no progress for ${Math.round(late / 1000)} s (job ${walk.walk_generation} not running); armed again as job ${generation}`,
        );
        this.walker.forget(walk.id);
        await this.jobs.armWalk(walk.company_id, walk.id, new Date(), true, generation);
        rearmed += 1;
      } else if (walk.walk_rearms >= WALK_MAX_REARMS && (await this.repository.pauseStuck(walk.company_id, walk.id, walk.walk_generation, 'WALK_STUCK'))) {
        campaignMetrics.autoPauses.inc({ reason: 'WALK_STUCK' });
        this.logger.error(`campaign ${walk.id}: ${walk.walk_rearms} re-arms without progress; stopped with WALK_STUCK`);
        this.walker.forget(walk.id);
        await this.walker.announce(walk.company_id, walk.id, true);
      }
    }
    for (const shipping of await this.repository.lateConfirmed(CONFIRMED_GRACE_MS)) {
      if (await this.jobs.rearmConfirmed(shipping.company_id, shipping.id)) rearmed += 1;
    }
    return rearmed;
  }
}
