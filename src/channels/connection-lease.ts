import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { REDIS } from '../infra/redis/redis.tokens.js';

/** Extends or releases a lease only while this process still owns it. */
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * A connection's session runs in exactly one server process: a Redis lease (SET NX PX, renewed every third of its
 * TTL, 30 s by default) is taken before starting it. A process that dies lets its leases expire, and the periodic
 * sweep of the ChannelManager (in any process) takes the connection over.
 */
@Injectable()
export class ConnectionLease implements OnApplicationShutdown {
  readonly owner = randomUUID();
  private readonly held = new Set<number>();
  private readonly timer: NodeJS.Timeout;
  private readonly ttlMs: number;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.ttlMs = config.channels.leaseTtlMs;
    this.timer = setInterval(() => void this.renewAll(), Math.floor(this.ttlMs / 3));
    this.timer.unref();
  }

  /** Of these connections, those whose lease some process (this one or another) holds; one round trip. */
  async taken(connectionIds: number[]): Promise<Set<number>> {
    if (!connectionIds.length) return new Set();
    const owners = await this.redis.mget(connectionIds.map((id) => this.key(id)));
    return new Set(connectionIds.filter((_, i) => owners[i] !== null));
  }

  /** The process that holds the lease (its `owner`), or null. */
  holder(connectionId: number): Promise<string | null> {
    return this.redis.get(this.key(connectionId));
  }

  key(connectionId: number): string {
    return `lease:connection:${connectionId}`;
  }

  async acquire(connectionId: number): Promise<boolean> {
    if (this.held.has(connectionId)) return true;
    const taken = await this.redis.set(this.key(connectionId), this.owner, 'PX', this.ttlMs, 'NX');
    if (taken === 'OK') this.held.add(connectionId);
    return taken === 'OK';
  }

  async release(connectionId: number): Promise<void> {
    if (!this.held.delete(connectionId)) return;
    await this.redis.eval(RELEASE, 1, this.key(connectionId), this.owner).catch(() => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all([...this.held].map((id) => this.release(id)));
  }

  private async renewAll(): Promise<void> {
    for (const id of this.held) {
      const kept = await this.redis.eval(RENEW, 1, this.key(id), this.owner, String(this.ttlMs)).catch(() => 0);
      if (!kept) this.held.delete(id);
    }
  }
}
