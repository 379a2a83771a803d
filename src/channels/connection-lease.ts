import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig, runsBackgroundWork } from '../config/app-config.js';
import { channelMetrics } from '../infra/metrics/instruments.js';
import { REDIS } from '../infra/redis/redis.tokens.js';
import { claimInstanceIdentity, type InstanceClaim } from './instance-identity.js';

/**
 * Takes a lease that is free, already this process's, or held by a previous life of this instance (ARGV[3]: a process
 * that died; a live one holds its identity's slot, see InstanceIdentity).
 */
const ACQUIRE = `local v = redis.call('get', KEYS[1])
if v == false or v == ARGV[1] or string.sub(v, 1, string.len(ARGV[3]) + 1) == ARGV[3] .. '/' then
  redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0`;
/**
 * 1: still ours, extended; 2: the key was gone (Redis lost it) and is ours again; 0: another process holds it. Shared
 * with the Cloud API drainer lease (drain-lease.ts).
 */
export const RENEW_LEASE = `local v = redis.call('get', KEYS[1])
if v == ARGV[1] then
  redis.call('pexpire', KEYS[1], ARGV[2])
  return 1
end
if v == false then
  redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 2
end
return 0`;
export const RELEASE_LEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
/** Milliseconds since this Redis dataset was first seen by a lease (a Redis that came back empty starts again at 0). */
const DATASET_AGE = `local t = redis.call('time')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local born = redis.call('get', KEYS[1])
if born == false then
  redis.call('set', KEYS[1], now)
  return 0
end
return now - tonumber(born)`;
const DATASET_KEY = 'lease:dataset-born';

/** Why this process no longer holds a lease. */
export type LeaseLoss = 'taken' | 'unreachable';

export interface LeaseHolder {
  holder: string | null;
  /** Milliseconds the lease has left (negative: no expiry or no key). */
  pttlMs: number;
}

interface Held {
  /** When the last renewal that Redis confirmed was sent: the lease lasts at least a TTL from then. */
  confirmedAt: number;
  renewing: boolean;
  lastFailed: boolean;
}

/**
 * A connection's session runs in exactly one server process, under a Redis lease per connection (SET PX, renewed
 * every third of its TTL). The holder id is `{instance}/{boot}`: the instance is stable across restarts
 * (InstanceIdentity), so a process started again takes back at once the leases its previous life held.
 *
 * - Redis lost the key (it restarted empty): the renewal sets it again with the same holder id; if another process
 *   holds it meanwhile, this one is told at once (`onLost`, 'taken') and stops its session. A retaken lease is
 *   checked by `onRetaken` (the session's fencing token in PostgreSQL) before it counts as held.
 * - Redis unreachable: a lease whose renewal is not confirmed within `deadlineMs` (two thirds of the TTL) is given up
 *   (`onLost`, 'unreachable') while it still has a third of its TTL to run, so its session stops before any other
 *   process could take the connection over.
 * - Just after Redis came back empty, holders need a moment to set their keys again: `inGrace` says so, and the sweep
 *   of every process leaves unheld connections alone meanwhile.
 */
@Injectable()
export class ConnectionLease implements OnApplicationShutdown {
  private readonly logger = new Logger('ConnectionLease');
  /** Stable across restarts of this process (session processes only; an API process never holds a lease). */
  readonly instance: string;
  /** What this process writes as the holder. */
  readonly owner: string;
  readonly ttlMs: number;
  readonly renewMs: number;
  readonly deadlineMs: number;
  /** How long after Redis lost its data unheld connections are left to their holders. */
  readonly graceMs: number;
  private readonly tickMs: number;
  private readonly held = new Map<number, Held>();
  private readonly claim: InstanceClaim;
  private readonly timer: NodeJS.Timeout;
  private lost: (connectionId: number, why: LeaseLoss) => void = () => undefined;
  private retaken: (connectionId: number) => Promise<boolean> = async () => true;
  private readonly renewNow = () => {
    for (const [id, held] of this.held) if (!held.renewing) void this.renew(id, held);
  };

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.claim = runsBackgroundWork(config) ? claimInstanceIdentity(config.dataDir) : { id: randomUUID(), release: () => undefined };
    this.instance = this.claim.id;
    this.owner = `${this.instance}/${randomUUID()}`;
    this.ttlMs = config.channels.leaseTtlMs;
    this.renewMs = Math.floor(this.ttlMs / 3);
    this.deadlineMs = this.ttlMs - this.renewMs;
    this.tickMs = Math.max(50, Math.floor(this.ttlMs / 9));
    // Holders retake their keys on their next renewal (at once when their client reconnects, or one tick later);
    // clients reconnect at most 2 s apart (ioredis' retry delay).
    this.graceMs = this.renewMs + 2000;
    this.timer = setInterval(() => this.tick(), this.tickMs);
    this.timer.unref();
    // A client that reconnects may find Redis empty: the keys are set again before anyone else's sweep looks.
    this.redis.on('ready', this.renewNow);
  }

  /** What to do when a lease is lost (stop the session). */
  onLost(handler: (connectionId: number, why: LeaseLoss) => void): void {
    this.lost = handler;
  }

  /** Whether a lease set again after Redis lost it still belongs to the running session (false: it is lost). */
  onRetaken(handler: (connectionId: number) => Promise<boolean>): void {
    this.retaken = handler;
  }

  key(connectionId: number): string {
    return `lease:connection:${connectionId}`;
  }

  /** The holder id this process wrote, now or in a previous life of its instance. */
  isOurs(holder: string): boolean {
    return holder === this.owner || holder.startsWith(`${this.instance}/`);
  }

  /** The process that holds the lease (its `owner`), or null. */
  holder(connectionId: number): Promise<string | null> {
    return this.redis.get(this.key(connectionId));
  }

  /** Holders and remaining time of these leases; one round trip. */
  async holders(connectionIds: number[]): Promise<Map<number, LeaseHolder>> {
    const found = new Map<number, LeaseHolder>();
    if (!connectionIds.length) return found;
    const pipeline = this.redis.pipeline();
    for (const id of connectionIds) pipeline.get(this.key(id)).pttl(this.key(id));
    const answers = (await pipeline.exec()) ?? [];
    connectionIds.forEach((id, i) => {
      const [holderError, holder] = answers[2 * i] ?? [];
      const [, pttl] = answers[2 * i + 1] ?? [];
      if (holderError) throw holderError;
      found.set(id, { holder: (holder as string | null) ?? null, pttlMs: Number(pttl ?? -2) });
    });
    return found;
  }

  /** Of these connections, those whose lease some process (this one or another) holds; one round trip. */
  async taken(connectionIds: number[]): Promise<Set<number>> {
    const holders = await this.holders(connectionIds);
    return new Set(connectionIds.filter((id) => holders.get(id)?.holder));
  }

  async acquire(connectionId: number): Promise<boolean> {
    if (this.held.has(connectionId)) return true;
    const sentAt = Date.now();
    const taken = await this.redis.eval(ACQUIRE, 1, this.key(connectionId), this.owner, String(this.ttlMs), this.instance);
    if (taken === 1) this.held.set(connectionId, { confirmedAt: sentAt, renewing: false, lastFailed: false });
    return taken === 1;
  }

  /** This process holds the lease (it has not been released or lost). */
  holds(connectionId: number): boolean {
    return this.held.has(connectionId);
  }

  /** This process holds the lease and has confirmed it recently enough to act under it (sends check this). */
  valid(connectionId: number): boolean {
    const held = this.held.get(connectionId);
    return held !== undefined && Date.now() - held.confirmedAt < this.ttlMs - this.tickMs;
  }

  async release(connectionId: number): Promise<void> {
    if (!this.held.delete(connectionId)) return;
    await this.redis.eval(RELEASE_LEASE, 1, this.key(connectionId), this.owner).catch(() => undefined);
  }

  /** Every lease this process still holds (a stopping process hands them over). */
  async releaseAll(): Promise<void> {
    await Promise.all([...this.held.keys()].map((id) => this.release(id)));
  }

  /** Stops tracking a lease without touching Redis (it was lost). */
  forget(connectionId: number): void {
    this.held.delete(connectionId);
  }

  /** Whether Redis lost its data so recently that holders may not have set their keys again yet. */
  async inGrace(): Promise<boolean> {
    return Number(await this.redis.eval(DATASET_AGE, 1, DATASET_KEY)) < this.graceMs;
  }

  /** The ChannelManager releases the leases once its sessions have stopped; the identity is given back here. */
  onApplicationShutdown(): void {
    clearInterval(this.timer);
    this.redis.off('ready', this.renewNow);
    this.claim.release();
  }

  private tick(): void {
    const now = Date.now();
    for (const [id, held] of this.held) {
      const age = now - held.confirmedAt;
      if (age > this.deadlineMs && (held.renewing || held.lastFailed)) {
        this.logger.warn(`connection ${id}: lease not confirmed for ${age} ms (Redis unreachable); stopping its session`);
        this.lose(id, 'unreachable');
      } else if (!held.renewing && age >= this.renewMs) {
        void this.renew(id, held);
      }
    }
  }

  private async renew(id: number, held: Held): Promise<void> {
    held.renewing = true;
    const sentAt = Date.now();
    try {
      const answer = await this.redis.eval(RENEW_LEASE, 1, this.key(id), this.owner, String(this.ttlMs));
      if (this.held.get(id) !== held) return;
      if (answer === 1 || (answer === 2 && (await this.stillOurs(id)))) {
        held.confirmedAt = sentAt;
        held.lastFailed = false;
        if (answer === 2) this.logger.warn(`connection ${id}: Redis had lost the lease; taken again`);
        return;
      }
      if (this.held.get(id) !== held) return;
      this.logger.warn(`connection ${id}: another process holds the lease; stopping the session here`);
      if (answer === 2) await this.redis.eval(RELEASE_LEASE, 1, this.key(id), this.owner).catch(() => undefined);
      this.lose(id, 'taken');
    } catch {
      held.lastFailed = true;
    } finally {
      held.renewing = false;
    }
  }

  private async stillOurs(id: number): Promise<boolean> {
    try {
      return await this.retaken(id);
    } catch (error) {
      // PostgreSQL unreachable: the fenced credential writes still protect the connection; keep running.
      this.logger.warn(`connection ${id}: fencing token not checked: ${String(error)}`);
      return true;
    }
  }

  private lose(id: number, why: LeaseLoss): void {
    this.held.delete(id);
    channelMetrics.leaseLosses.inc({ reason: why });
    try {
      this.lost(id, why);
    } catch (error) {
      this.logger.error(`connection ${id}: ${String(error)}`);
    }
  }
}
