import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { REDIS } from '../infra/redis/redis.tokens.js';
import type { ChannelSession, ConnectionRef } from './channel-provider.js';
import { ChannelManager } from './channel-manager.js';
import { ChannelsRepository } from './channels.repository.js';
import { type ClaimAnswer, DrainLease } from './drain-lease.js';
import { INBOUND_SINK, type InboundSink } from './inbound-sink.js';
import { SessionBus } from './session-bus.js';

/** Recorded rows read per query. */
const PAGE = 500;
/** Rows queued and not processed yet, per connection, before the drainer waits for its lanes. */
const MAX_IN_FLIGHT = 2000;
/** How long a processed row is still left out of reads (its DELETE is batched, see InboundInboxRepository). */
const FORGET_AFTER_MS = 1000;
/** A dead holder's lease is claimed again this long after it expires. */
const AFTER_EXPIRY_MS = 25;

interface Drain {
  ref: ConnectionRef;
  tenure: number;
  /** Rows queued on the lanes under this tenure (kept until their DELETE has surely committed). */
  queued: Set<string>;
  processed: Array<{ id: string; at: number }>;
  inFlight: number;
  running: boolean;
  again: boolean;
}

/**
 * One drainer per stateless connection (the Cloud API's webhooks) across the processes that take its webhooks: a
 * webhook only records its events (InboundSink.recordOnly) and answers 200; the process holding the connection's
 * drainer lease (DrainLease) processes the inbox in seq order on its lanes. The receiving process claims the lease
 * when nobody holds it (so a single process drains what it receives, with no extra round trip once it holds it);
 * otherwise the same Redis call notifies the holder through the session bus. Every CONNECTION_SWEEP_MS a reconciler
 * looks at PostgreSQL (the source of truth): each connection with recorded rows is drained here, or claimed here when
 * its holder's lease expired (a dead process), so rows are never stranded, also after Redis lost everything. With
 * ROLE=all the process is alone and always the drainer (no Redis).
 */
@Injectable()
export class InboxDrainers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('InboxDrainers');
  /** null: ROLE=all, this process drains everything it records. */
  private readonly lease: DrainLease | null;
  private readonly drains = new Map<number, Drain>();
  private readonly providers = new Map<number, string>();
  private interval: NodeJS.Timeout | null = null;
  private soon: NodeJS.Timeout | null = null;
  private subscribed: Promise<void> | null = null;
  private stopped = false;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly bus: SessionBus,
    @Inject(INBOUND_SINK) private readonly pipeline: InboundSink,
    private readonly channels: ChannelManager,
    private readonly connections: ChannelsRepository,
  ) {
    this.lease =
      config.role === 'all'
        ? null
        : new DrainLease(redis, DrainLease.newOwner(), config.channels.leaseTtlMs, {
            lost: (id) => this.drains.delete(id),
            retaken: (id) => this.kick(id),
          });
  }

  /** A worker takes no webhooks: it neither records nor drains them. */
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.role === 'worker') return;
    this.stopped = false;
    await this.lease?.start().catch((e: unknown) => this.logger.warn(`Redis: ${String(e)}`));
    this.interval ??= setInterval(() => this.reconcileLogged(), this.config.channels.sweepIntervalMs);
    this.interval.unref();
    this.reconcileLogged();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.interval) clearInterval(this.interval);
    if (this.soon) clearTimeout(this.soon);
    this.interval = this.soon = null;
    this.drains.clear();
    await this.lease?.releaseAll();
  }

  /**
   * Events of the connection were recorded here: drained here when this process holds (or now claims) the lease,
   * else its holder is told. A failure costs latency only: the reconciler finds the rows.
   */
  async recorded(ref: ConnectionRef): Promise<void> {
    if (this.tenure(ref.id) !== null) return this.kick(ref.id, ref);
    await this.claim(ref, true);
  }

  /** Resolves once no pass runs here and the lanes are empty (tests). */
  async settled(): Promise<void> {
    const passing = () => [...this.drains.values()].some((drain) => drain.running);
    do {
      while (passing()) await new Promise((resolve) => setTimeout(resolve, 5));
      await this.pipeline.drain();
    } while (passing());
  }

  /** Whether this process drains the connection now (tests, health). */
  draining(connectionId: number): boolean {
    return this.tenure(connectionId) !== null;
  }

  private tenure(connectionId: number): number | null {
    return this.lease ? this.lease.tenure(connectionId) : 1;
  }

  private async claim(ref: ConnectionRef, notify: boolean): Promise<ClaimAnswer> {
    if (!this.lease) {
      this.kick(ref.id, ref);
      return { held: true };
    }
    // Subscribed before holding: a notification sent the moment after the claim must reach this process.
    this.subscribed ??= this.bus
      .subscribe(`drain:${this.lease.owner}`, (message) => this.notified(message))
      .catch((error: unknown) => {
        this.subscribed = null;
        throw error;
      });
    await this.subscribed;
    const message = notify ? JSON.stringify({ id: ref.id, companyId: ref.companyId }) : '';
    const answer = await this.lease.claim(ref.id, this.bus.channel('drain:'), message);
    if (answer.held) this.kick(ref.id, ref);
    return answer;
  }

  private notified(message: unknown): void {
    const { id, companyId } = (message ?? {}) as { id?: unknown; companyId?: unknown };
    if (typeof id !== 'number' || typeof companyId !== 'number') return;
    // Not (or no longer) the holder: the new holder's reconciler finds the rows.
    if (this.tenure(id) !== null) this.kick(id, { id, companyId, name: '' });
  }

  /** Starts a pass over the connection's rows, or asks the running one for another. */
  private kick(connectionId: number, ref?: ConnectionRef): void {
    const tenure = this.tenure(connectionId);
    let drain = this.drains.get(connectionId);
    if (tenure === null || this.stopped) return;
    if (!drain || drain.tenure !== tenure) {
      const target = ref ?? drain?.ref;
      if (!target) return;
      drain = { ref: target, tenure, queued: new Set(), processed: [], inFlight: 0, running: false, again: false };
      this.drains.set(connectionId, drain);
    }
    if (drain.running) {
      drain.again = true;
      return;
    }
    drain.running = true;
    const running = drain;
    void this.run(running)
      .catch((e: unknown) => this.logger.error(`connection ${connectionId}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`))
      .finally(() => {
        running.running = false;
      });
  }

  private async run(drain: Drain): Promise<void> {
    do {
      drain.again = false;
      await this.pass(drain);
    } while (drain.again && this.drains.get(drain.ref.id) === drain);
  }

  /**
   * Queues, in seq order, every recorded row of the connection not queued yet. Each read starts from the oldest row
   * (leaving out those under way), so a row committed after a later one (concurrent webhooks) is never passed over:
   * a conversation's next message is recorded only after its previous one was, and is read with it or after it.
   */
  private async pass(drain: Drain): Promise<void> {
    const { ref, tenure } = drain;
    const fenced = () => !this.stopped && (this.lease ? this.lease.valid(ref.id, tenure) : true);
    const session = this.sessionOf(ref);
    for (;;) {
      const now = Date.now();
      while (drain.processed.length && now - drain.processed[0]!.at > FORGET_AFTER_MS) drain.queued.delete(drain.processed.shift()!.id);
      if (!fenced()) return;
      if (drain.inFlight >= MAX_IN_FLIGHT) {
        // The lanes are full: look again shortly.
        setTimeout(() => this.kick(ref.id), 50).unref();
        return;
      }
      const page = await this.pipeline.queueRecorded(ref, {
        queued: [...drain.queued],
        limit: PAGE,
        fenced,
        session,
        processed: (id) => {
          drain.inFlight -= 1;
          drain.processed.push({ id, at: Date.now() });
        },
      });
      for (const id of page.queued) drain.queued.add(id);
      drain.inFlight += page.queued.length;
      if (!page.full) return;
    }
  }

  private sessionOf(ref: ConnectionRef): ChannelSession | undefined {
    try {
      return this.channels.session(ref.companyId, ref.id);
    } catch {
      return undefined;
    }
  }

  private reconcileLogged(): void {
    void this.reconcile().catch((e: unknown) => this.logger.warn(`reconcile: ${String(e)}`));
  }

  /** PostgreSQL says which stateless connections have recorded rows: each one gets a live drainer. */
  private async reconcile(): Promise<void> {
    if (this.stopped) return;
    const pendings = await this.statelessOf(await this.pipeline.connectionsWithPending());
    let soonest: number | null = null;
    for (const pending of pendings) {
      const ref: ConnectionRef = { id: pending.whatsapp_id, companyId: pending.company_id, name: '' };
      if (this.tenure(ref.id) !== null) {
        this.kick(ref.id, ref);
        continue;
      }
      const answer = await this.claim(ref, false);
      // A holder that stopped renewing (it died): claimed the moment its lease expires.
      if (!answer.held && answer.pttlMs >= 0 && answer.pttlMs < this.config.channels.sweepIntervalMs)
        soonest = Math.min(soonest ?? Number.POSITIVE_INFINITY, answer.pttlMs + AFTER_EXPIRY_MS);
    }
    if (soonest !== null && !this.soon && !this.stopped) {
      this.soon = setTimeout(() => {
        this.soon = null;
        this.reconcileLogged();
      }, soonest);
      this.soon.unref();
    }
  }

  private async statelessOf(pendings: Array<{ company_id: number; whatsapp_id: number }>): Promise<Array<{ company_id: number; whatsapp_id: number }>> {
    const unknown = pendings.map((p) => p.whatsapp_id).filter((id) => !this.providers.has(id));
    if (unknown.length) for (const [id, provider] of await this.connections.providersOf(unknown)) this.providers.set(id, provider);
    return pendings.filter((p) => this.channels.capabilities(this.providers.get(p.whatsapp_id) ?? '')?.longLivedSession === false);
  }
}
