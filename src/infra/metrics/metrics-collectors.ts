import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { REDIS } from '../redis/redis.tokens.js';
import { collectProcessMetrics, processRegistry } from './instruments.js';
import { type InboxBacklogRow, MetricsRepository, type PoolCounters } from './metrics.repository.js';
import { Gauge, Registry } from './prom.js';

/** A scrape never waits longer than this for a dependency: a series it could not read is left out. */
const SCRAPE_WAIT_MS = 1500;
const JOB_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

function within<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), SCRAPE_WAIT_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * A value read at most every `ttlMs` however often Prometheus scrapes (several scrapers, a short interval). A read
 * slower than a scrape may wait (a busy database) goes on in the background and the scrape answers the last value; a
 * failed read (database unreachable) leaves the series out.
 */
class Cached<T> {
  private at = Number.NEGATIVE_INFINITY;
  private pending: Promise<void> | null = null;
  private value: T | null = null;

  constructor(
    private readonly ttlMs: number,
    private readonly read: () => Promise<T>,
  ) {}

  async get(): Promise<T | null> {
    if (!this.pending && Date.now() - this.at >= this.ttlMs) {
      this.pending = this.read()
        .then(
          (value) => {
            this.value = value;
          },
          () => {
            this.value = null;
          },
        )
        .finally(() => {
          this.at = Date.now();
          this.pending = null;
        });
    }
    if (this.pending) await within(this.pending).catch(() => undefined);
    return this.value;
  }
}

/**
 * The series read when Prometheus scrapes, in this app's own registry: inbox backlog, connection states and running
 * campaigns (PostgreSQL, cached `metrics.refreshMs`), BullMQ job counts and the Redis round-trip (Redis), pool usage
 * and sockets (in memory). `exposition()` adds the process-wide counters (instruments.ts).
 */
@Injectable()
export class MetricsCollectors implements OnApplicationBootstrap {
  private readonly logger = new Logger('Metrics');
  readonly registry = new Registry();
  readonly contentType = this.registry.contentType;
  /** Found once at boot, then read in memory (before the scrape's own queries take a connection). */
  private pools: Record<'orm' | 'hot_path', PoolCounters> | null = null;

  constructor(
    private readonly repository: MetricsRepository,
    private readonly discovery: DiscoveryService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    collectProcessMetrics();
    const registers = [this.registry];
    const pools = () => this.pools;
    new Gauge<'pool' | 'state'>({
      name: 'atendechat_db_pool_connections',
      help: 'PostgreSQL pool connections by pool (orm, hot_path) and state (in_use, idle, waiting: callers queued for one)',
      labelNames: ['pool', 'state'],
      registers,
      collect() {
        for (const [pool, counters] of Object.entries(pools() ?? {})) {
          this.set({ pool, state: 'in_use' }, counters.totalCount - counters.idleCount);
          this.set({ pool, state: 'idle' }, counters.idleCount);
          this.set({ pool, state: 'waiting' }, counters.waitingCount);
        }
      },
    });
    const backlog = new Cached(config.metrics.refreshMs, () => this.repository.inboxBacklog());
    const statuses = new Cached(config.metrics.refreshMs, () => this.repository.connectionStatuses());
    const campaigns = new Cached(config.metrics.refreshMs, () => this.repository.runningCampaigns());
    const readBacklog = (gauge: Gauge<'connection'>, pick: (row: InboxBacklogRow) => number) => async () => {
      const rows = await backlog.get();
      // Connections whose backlog emptied drop out of the series.
      gauge.reset();
      for (const row of rows ?? []) gauge.set({ connection: row.whatsapp_id }, pick(row));
    };

    new Gauge<'connection'>({
      name: 'atendechat_inbox_backlog',
      help: 'Inbox events recorded and not yet processed, per connection (whole install, read from PostgreSQL)',
      labelNames: ['connection'],
      registers,
      collect() {
        return readBacklog(this, (row) => row.backlog)();
      },
    });
    new Gauge<'connection'>({
      name: 'atendechat_inbox_backlog_age_seconds',
      help: 'Age of the oldest unprocessed inbox event, per connection',
      labelNames: ['connection'],
      registers,
      collect() {
        return readBacklog(this, (row) => row.age_seconds)();
      },
    });
    new Gauge<'status'>({
      name: 'atendechat_connections',
      help: 'Connections by status (whole install, read from PostgreSQL)',
      labelNames: ['status'],
      registers,
      async collect() {
        const rows = await statuses.get();
        this.reset();
        for (const row of rows ?? []) this.set({ status: row.status }, row.count);
      },
    });
    new Gauge({
      name: 'atendechat_campaigns_running',
      help: 'Campaigns being walked (whole install, read from PostgreSQL)',
      registers,
      async collect() {
        const count = await campaigns.get();
        if (count !== null) this.set(count);
      },
    });
    const queues = () => this.queues();
    new Gauge<'queue' | 'state'>({
      name: 'atendechat_jobs',
      help: 'BullMQ jobs by queue and state (waiting, active, delayed, failed)',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset();
        await Promise.all(
          queues().map(async (queue) => {
            const counts = await within(queue.getJobCounts(...JOB_STATES)).catch(() => null);
            for (const state of JOB_STATES) if (counts) this.set({ queue: queue.name, state }, counts[state] ?? 0);
          }),
        );
      },
    });
    const ping = () => this.redis.ping();
    new Gauge({
      name: 'atendechat_redis_roundtrip_seconds',
      help: 'Time of one PING to Redis at scrape time (absent when Redis does not answer)',
      registers,
      async collect() {
        this.reset();
        const started = performance.now();
        if (
          await within(ping()).then(
            () => true,
            () => false,
          )
        )
          this.set((performance.now() - started) / 1000);
      },
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    this.pools = await within(this.repository.pools()).catch(() => null);
  }

  /** The exposition of this app's series and the process-wide ones. */
  async exposition(): Promise<string> {
    const [own, shared] = await Promise.all([this.registry.metrics(), processRegistry.metrics()]);
    return own + shared;
  }

  private queueList: Queue[] | null = null;

  /** Every BullMQ queue registered in this app (`BullModule.registerQueue`), found once. */
  private queues(): Queue[] {
    this.queueList ??= this.discovery
      .getProviders()
      .map((wrapper) => wrapper.instance as unknown)
      .filter((instance): instance is Queue => instance instanceof Queue);
    if (!this.queueList.length) this.logger.debug('no BullMQ queue found');
    return this.queueList;
  }
}
