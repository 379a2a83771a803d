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

export type Rearm = () => Promise<number>;

/**
 * Delayed jobs (scheduled messages, bot timers) live in Redis, which may restart without its data. The database is
 * the truth: each owner registers how to arm its pending jobs again from its rows. A mark key tells whether Redis
 * lost its data; when it is missing (first start, or after a Redis restart) one process re-arms everything. This
 * runs at boot, every JOB_RECONCILE_MS, and as soon as the Redis connection comes back.
 */
@Injectable()
export class JobReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('JobReconciler');
  private readonly owners = new Map<string, Rearm>();
  private readonly onReady = () => void this.reconcile();
  private running: Promise<boolean> | null = null;
  /** The registry is shared by every app in the process (tests run several): the name is this instance's. */
  private readonly tickName = `${TICK}:${randomUUID()}`;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly exclusive: ExclusiveRunner,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  register(name: string, rearm: Rearm): void {
    this.owners.set(name, rearm);
  }

  onApplicationBootstrap(): void {
    // In the background: with Redis down the app still starts (and /api/health reports it).
    void this.reconcile();
    const interval = setInterval(() => void this.reconcile(), this.config.jobs.reconcileIntervalMs);
    interval.unref();
    this.scheduler.addInterval(this.tickName, interval);
    this.redis.on('ready', this.onReady);
  }

  onApplicationShutdown(): void {
    this.redis.off('ready', this.onReady);
    if (this.scheduler.doesExist('interval', this.tickName)) this.scheduler.deleteInterval(this.tickName);
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
