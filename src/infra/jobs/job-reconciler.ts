import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { REDIS } from '../redis/redis.tokens.js';
import { ExclusiveRunner } from '../scheduling/exclusive-runner.js';

/** Present while Redis still holds the delayed jobs armed from the database; gone after Redis lost its data. */
const ARMED_MARK = 'jobs:armed';
const TICK = 'jobs:reconcile';
const LOCK_MS = 10 * 60 * 1000;
const WATCH = 'jobs:watch';
/** How often the work in the database is compared with the jobs in Redis (at most; JOB_RECONCILE_MS when shorter). */
const WATCH_MS = 2000;
/**
 * A tick takes a few statements; a process killed in the middle of one holds the lock until it expires, so it is short.
 * Should a slow tick outlive it, two processes watch at once: harmless, every re-arm is conditional on the row.
 */
const WATCH_LOCK_MS = 4000;

export type Rearm = () => Promise<number>;
/** Looks at an owner's unfinished rows, re-arms those whose job is gone, failed or stuck; answers how many it re-armed. */
export type Watch = () => Promise<number>;

/**
 * Delayed jobs (scheduled messages, bot timers) live in Redis, which may restart without its data. The database is
 * the truth: each owner registers how to arm its pending jobs again from its rows. A mark key tells whether Redis
 * lost its data; when it is missing (first start, or after a Redis restart) one process re-arms everything. This
 * runs at boot, every JOB_RECONCILE_MS, and as soon as the Redis connection comes back.
 *
 * Losing Redis is not the only way to lose a job: a job fails (a process killed once too often, an error), stalls, or
 * its runner hangs. Owners of long work (campaign walks, list imports) also register a watch, which one process runs
 * every two seconds: it reads the rows that should be progressing and re-arms, from the database state, those whose
 * job is not live or whose progress stopped; the owner decides when to give up and says why on the row.
 */
@Injectable()
export class JobReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('JobReconciler');
  private readonly owners = new Map<string, Rearm>();
  private readonly watches = new Map<string, Watch>();
  private readonly onReady = () => void this.reconcile();
  private running: Promise<boolean> | null = null;
  private watching: Promise<number> | null = null;
  /** The registry is shared by every app in the process (tests run several): the names are this instance's. */
  private readonly tickName = `${TICK}:${randomUUID()}`;
  private readonly watchName = `${WATCH}:${randomUUID()}`;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly exclusive: ExclusiveRunner,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  register(name: string, rearm: Rearm): void {
    this.owners.set(name, rearm);
  }

  /** `check` runs every WATCH_MS in one process, while Redis holds the armed jobs (after a loss, `reconcile` first). */
  watch(name: string, check: Watch): void {
    this.watches.set(name, check);
  }

  onApplicationBootstrap(): void {
    // In the background: with Redis down the app still starts (and /api/health reports it).
    void this.reconcile();
    const interval = setInterval(() => void this.reconcile(), this.config.jobs.reconcileIntervalMs);
    interval.unref();
    this.scheduler.addInterval(this.tickName, interval);
    this.redis.on('ready', this.onReady);
    void this.runWatches();
    const watch = setInterval(() => void this.runWatches(), Math.min(WATCH_MS, this.config.jobs.reconcileIntervalMs));
    watch.unref();
    this.scheduler.addInterval(this.watchName, watch);
  }

  onApplicationShutdown(): void {
    this.redis.off('ready', this.onReady);
    for (const name of [this.tickName, this.watchName]) if (this.scheduler.doesExist('interval', name)) this.scheduler.deleteInterval(name);
  }

  /** Runs every watch once (in this process if no other runs them now); answers how many jobs they re-armed. */
  runWatches(): Promise<number> {
    this.watching ??= this.watchOnce().finally(() => (this.watching = null));
    return this.watching;
  }

  private async watchOnce(): Promise<number> {
    // Right after a loss, the owners' jobs are not armed yet: the reconcile comes first, or every job would look gone.
    if ((await this.redis.exists(ARMED_MARK).catch(() => 0)) !== 1) return 0;
    let rearmed = 0;
    await this.exclusive.run(WATCH, WATCH_LOCK_MS, async () => {
      for (const [name, check] of this.watches) {
        try {
          rearmed += await check();
        } catch (error) {
          // Redis or the database away: nothing can be told now; the next tick looks again.
          this.logger.warn(`${name}: not checked: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    });
    return rearmed;
  }

  /** Re-arms every owner's jobs if Redis lost them; answers whether it did. */
  reconcile(): Promise<boolean> {
    this.running ??= this.check().finally(() => (this.running = null));
    return this.running;
  }

  private async check(): Promise<boolean> {
    if ((await this.redis.exists(ARMED_MARK).catch(() => 1)) === 1) return false;
    let rearmed = false;
    await this.exclusive.run(TICK, LOCK_MS, async () => {
      if ((await this.redis.exists(ARMED_MARK)) === 1) return;
      const counts: string[] = [];
      for (const [name, rearm] of this.owners) counts.push(`${await rearm()} ${name}`);
      // Only once everything is armed: a crash half-way leaves the mark missing, and the next tick starts over.
      await this.redis.set(ARMED_MARK, new Date().toISOString());
      rearmed = true;
      this.logger.log(`delayed jobs armed from the database: ${counts.join(', ') || 'nothing registered'}`);
    });
    return rearmed;
  }
}
