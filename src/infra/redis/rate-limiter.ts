import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { appError } from '../../common/errors/app-error.js';
import { serviceUnavailable } from '../../common/errors/infrastructure-error.js';
import { REDIS } from './redis.tokens.js';

export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

export const tooManyAttempts = (rule: RateLimit) =>
  appError('ERR_TOO_MANY_REQUESTS', 'Too many attempts, try again later', { retryAfterSeconds: rule.windowSeconds });

/** Redis is down: the limits (and the locks they keep) cannot be read or changed (503, like every outage). */
export { serviceUnavailable };

/**
 * Fixed-window counters in Redis, so limits hold across every server process. Without Redis the limits cannot hold,
 * so the protected routes answer 503 at once rather than wait for it (or go unprotected).
 */
@Injectable()
export class RateLimiter {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Counts one attempt for each key and throws 429 when any key is over its limit. */
  async consume(entries: Array<[key: string, rule: RateLimit]>): Promise<void> {
    const counts = await this.count(entries);
    const over = entries.find(([, rule], index) => counts[index]! > rule.limit);
    if (over) throw tooManyAttempts(over[1]);
  }

  /** Counts one attempt for each key and answers each key's count in its window, this attempt included. */
  async count(entries: Array<[key: string, rule: RateLimit]>): Promise<number[]> {
    if (this.redis.status !== 'ready') throw serviceUnavailable();
    const pipeline = this.redis.multi();
    for (const [key, rule] of entries) {
      pipeline.incr(`rl:${key}`);
      pipeline.expire(`rl:${key}`, rule.windowSeconds, 'NX');
    }
    const results = (await pipeline.exec().catch(() => null)) ?? null;
    if (!results) throw serviceUnavailable();
    return entries.map((_, index) => Number(results[index * 2]?.[1] ?? 0));
  }

  /** Throws 429 when the key is already over its limit, without counting an attempt. */
  async assertBelow(key: string, rule: RateLimit): Promise<void> {
    const count = Number((await this.redis.get(`rl:${key}`)) ?? 0);
    if (count >= rule.limit) {
      throw tooManyAttempts(rule);
    }
  }

  /** Counts one event without checking (for example a failed login). */
  async increment(key: string, windowSeconds: number): Promise<void> {
    await this.redis.multi().incr(`rl:${key}`).expire(`rl:${key}`, windowSeconds, 'NX').exec();
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(`rl:${key}`);
  }
}
