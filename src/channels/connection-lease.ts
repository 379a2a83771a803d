import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { REDIS } from '../infra/redis/redis.tokens.js';

const TTL_MS = 30_000;
const RENEW_MS = 10_000;

/** Extends or releases a lease only while this process still owns it. */
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * A connection's session runs in exactly one server process: a Redis lease (SET NX PX, renewed every 10 s) is
 * taken before starting it. A process that dies lets its leases expire within 30 s, and the next process that
 * starts or restarts the connection takes it over.
 */
@Injectable()
export class ConnectionLease implements OnApplicationShutdown {
  readonly owner = randomUUID();
  private readonly held = new Set<number>();
  private readonly timer: NodeJS.Timeout;

  constructor(@Inject(REDIS) private readonly redis: Redis) {
    this.timer = setInterval(() => void this.renewAll(), RENEW_MS);
    this.timer.unref();
  }

  key(connectionId: number): string {
    return `lease:connection:${connectionId}`;
  }

  async acquire(connectionId: number): Promise<boolean> {
    if (this.held.has(connectionId)) return true;
    const taken = await this.redis.set(this.key(connectionId), this.owner, 'PX', TTL_MS, 'NX');
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
      const kept = await this.redis.eval(RENEW, 1, this.key(id), this.owner, String(TTL_MS)).catch(() => 0);
      if (!kept) this.held.delete(id);
    }
  }
}
