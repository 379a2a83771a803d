import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Redis } from 'ioredis';
import { RELEASE_LEASE, RENEW_LEASE } from './connection-lease.js';

/**
 * Claims the drainer lease of a connection, or tells its holder that rows were recorded (one round trip either way).
 * KEYS: the lease, the dataset's birth (shared with ConnectionLease). ARGV: owner, TTL, grace, holder channel prefix,
 * message (empty: no notification). Answers {1, 0} held by ARGV[1] now; {0, pttl} another holds it (notified);
 * {2, 0} nobody holds it but Redis came back empty too recently (its holder is about to set it again).
 */
const CLAIM = `local v = redis.call('get', KEYS[1])
if v == ARGV[1] then
  redis.call('pexpire', KEYS[1], ARGV[2])
  return {1, 0}
end
if v == false then
  local t = redis.call('time')
  local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  local born = redis.call('get', KEYS[2])
  if born == false then
    redis.call('set', KEYS[2], now)
    born = now
  end
  if now - tonumber(born) < tonumber(ARGV[3]) then return {2, 0} end
  redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return {1, 0}
end
if ARGV[5] ~= '' then redis.call('publish', ARGV[4] .. v, ARGV[5]) end
return {0, redis.call('pttl', KEYS[1])}`;
/** Touches the dataset's birth, so a Redis that is empty when the first process starts has its grace then. */
const TOUCH_DATASET = `if redis.call('get', KEYS[1]) == false then
  local t = redis.call('time')
  redis.call('set', KEYS[1], tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000))
end
return 1`;
const DATASET_KEY = 'lease:dataset-born';

export type ClaimAnswer = { held: true } | { held: false; notified: boolean; pttlMs: number };

interface Held {
  /** Fencing token: a new one per acquisition, so work queued under an earlier tenure stops being valid. */
  tenure: number;
  confirmedAt: number;
  renewing: boolean;
  lastFailed: boolean;
}

/**
 * The drainer lease of stateless connections (Redis `SET PX` per connection, renewed every third of its TTL, as
 * ConnectionLease does for sessions): at most one process processes a connection's recorded events at a time.
 * `valid(id, tenure)` is the fence checked before each row is processed: this tenure still holds the lease and has
 * confirmed it recently enough that no other process can have taken it over (the TTL minus a tick). A lease whose
 * renewal is not confirmed for two thirds of its TTL is given up while it still has a third to run.
 */
export class DrainLease {
  private readonly logger = new Logger('DrainLease');
  private readonly held = new Map<number, Held>();
  private readonly renewMs: number;
  private readonly deadlineMs: number;
  private readonly tickMs: number;
  /** After Redis lost its data, holders get this long to set their keys again before anyone else claims them. */
  readonly graceMs: number;
  private tenures = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly redis: Redis,
    readonly owner: string,
    readonly ttlMs: number,
    private readonly handlers: {
      lost: (connectionId: number) => void;
      /** The key was gone and is ours again: rows recorded meanwhile were not notified here. */
      retaken: (connectionId: number) => void;
    },
  ) {
    this.renewMs = Math.floor(ttlMs / 3);
    this.deadlineMs = ttlMs - this.renewMs;
    this.tickMs = Math.max(50, Math.floor(ttlMs / 9));
    this.graceMs = this.renewMs + 2000;
  }

  /** `{host}:{pid}/{random}`: an operator (and a test) can tell which process drains. */
  static newOwner(): string {
    return `${hostname()}:${process.pid}/${randomUUID()}`;
  }

  key(connectionId: number): string {
    return `lease:drainer:${connectionId}`;
  }

  start(): Promise<unknown> {
    this.timer ??= setInterval(() => this.tick(), this.tickMs);
    this.timer.unref();
    return this.redis.eval(TOUCH_DATASET, 1, DATASET_KEY);
  }

  /** The tenure this process holds the lease under, while it is valid (no Redis round trip). */
  tenure(connectionId: number): number | null {
    const held = this.held.get(connectionId);
    return held && Date.now() - held.confirmedAt < this.ttlMs - this.tickMs ? held.tenure : null;
  }

  valid(connectionId: number, tenure: number): boolean {
    return this.tenure(connectionId) === tenure;
  }

  /** Takes the lease when nobody holds it; otherwise `notify` (when given) goes to the holder's channel. */
  async claim(connectionId: number, channelPrefix: string, notify: string): Promise<ClaimAnswer> {
    const sentAt = Date.now();
    const [code, pttl] = (await this.redis.eval(
      CLAIM,
      2,
      this.key(connectionId),
      DATASET_KEY,
      this.owner,
      String(this.ttlMs),
      String(this.graceMs),
      channelPrefix,
      notify,
    )) as [number, number];
    if (code === 1) {
      const held = this.held.get(connectionId);
      if (held && this.tenure(connectionId) !== null) held.confirmedAt = sentAt;
      else this.held.set(connectionId, { tenure: ++this.tenures, confirmedAt: sentAt, renewing: false, lastFailed: false });
      return { held: true };
    }
    return { held: false, notified: code === 0 && notify !== '', pttlMs: code === 0 ? Number(pttl) : 0 };
  }

  async releaseAll(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const ids = [...this.held.keys()];
    this.held.clear();
    await Promise.all(ids.map((id) => this.redis.eval(RELEASE_LEASE, 1, this.key(id), this.owner).catch(() => undefined)));
  }

  private tick(): void {
    const now = Date.now();
    for (const [id, held] of this.held) {
      const age = now - held.confirmedAt;
      if (age > this.deadlineMs && (held.renewing || held.lastFailed)) {
        this.logger.warn(`connection ${id}: drainer lease not confirmed for ${age} ms (Redis unreachable); draining stops here`);
        this.lose(id);
      } else if (!held.renewing && age >= this.renewMs) void this.renew(id, held);
    }
  }

  private async renew(id: number, held: Held): Promise<void> {
    held.renewing = true;
    const sentAt = Date.now();
    try {
      const answer = await this.redis.eval(RENEW_LEASE, 1, this.key(id), this.owner, String(this.ttlMs));
      if (this.held.get(id) !== held) return;
      if (answer === 0) {
        this.logger.warn(`connection ${id}: another process drains it now`);
        this.lose(id);
        return;
      }
      held.confirmedAt = sentAt;
      held.lastFailed = false;
      if (answer === 2) this.handlers.retaken(id);
    } catch {
      held.lastFailed = true;
    } finally {
      held.renewing = false;
    }
  }

  private lose(id: number): void {
    this.held.delete(id);
    this.handlers.lost(id);
  }
}
