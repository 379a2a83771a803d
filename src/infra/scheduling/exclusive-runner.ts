import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { REDIS } from '../redis/redis.tokens.js';

const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * Periodic work (@nestjs/schedule ticks) runs in every process; this Redis lock lets exactly one of them do a given
 * tick. A tick whose lock is held elsewhere, or whose Redis is down, is skipped: the next tick tries again.
 */
@Injectable()
export class ExclusiveRunner {
  private readonly logger = new Logger('ExclusiveRunner');

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Runs `task` if no other process holds `name`; the lock lives at most `ttlMs`. Answers whether it ran. */
  async run(name: string, ttlMs: number, task: () => Promise<void>): Promise<boolean> {
    const token = randomUUID();
    const key = `lock:${name}`;
    const taken = await this.redis.set(key, token, 'PX', ttlMs, 'NX').catch(() => null);
    if (taken !== 'OK') return false;
    try {
      await task();
    } catch (error) {
      this.logger.error(`${name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    } finally {
      await this.redis.eval(RELEASE, 1, key, token).catch(() => undefined);
    }
    return true;
  }
}
