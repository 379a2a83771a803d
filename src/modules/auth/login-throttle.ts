import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { isInfrastructureError } from '../../common/errors/infrastructure-error.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { REDIS } from '../../infra/redis/redis.tokens.js';
import { type RateLimit, RateLimiter, serviceUnavailable, tooManyAttempts } from '../../infra/redis/rate-limiter.js';

const norm = (email: string) => email.trim().toLowerCase();
const pairKey = (email: string, ip: string) => `login:account-ip:${norm(email)}:${ip}`;
const accountKey = (email: string) => `login:account:${norm(email)}`;
const ipKey = (ip: string) => `login:ip:${ip}`;

/** Takes one attempt back from each counter that still holds one (never below zero, never a key without its TTL). */
const REFUND_SCRIPT = `for _, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
end
return 0`;

/**
 * Login attempts are counted before the password is checked (atomic INCR), so 40 guesses sent at once count as 40.
 * The lock is per (account, IP): a guesser elsewhere does not lock the owner out; a ceiling per account bounds
 * guessing from many addresses. A successful login clears its own (account, IP) count; a password reset or
 * `npm run cli -- unlock-login --email E` clears every count of the account.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    private readonly limiter: RateLimiter,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Counts the attempt; past a limit it throws 429. `onLockout` runs once per lock, on the attempt that locks the
   * account (from this address, or from everywhere), never on the attempts refused after it.
   */
  async attempt(email: string, ip: string, onLockout?: (scope: 'account-ip' | 'account') => Promise<void>): Promise<void> {
    const limits = this.config.rateLimits;
    const entries: Array<[string, RateLimit]> = [
      [ipKey(ip), limits.loginPerIp],
      [pairKey(email, ip), limits.loginPerAccountAndIp],
      [accountKey(email), limits.loginPerAccount],
    ];
    const counts = await this.limiter.count(entries);
    const over = entries.find(([, rule], index) => counts[index]! > rule.limit);
    if (!over) return;
    const locking = counts[1] === limits.loginPerAccountAndIp.limit + 1 ? 'account-ip' : counts[2] === limits.loginPerAccount.limit + 1 ? 'account' : null;
    if (locking && onLockout) await onLockout(locking);
    throw tooManyAttempts(over[1]);
  }

  /**
   * Looks the account up for a counted attempt. When the database (or anything the lookup needs) is down, the attempt
   * never reached the password check: it is given back, so an outage cannot lock anybody out, and the error goes on
   * (503 from the exception filter).
   */
  async lookup<T>(email: string, ip: string, find: () => Promise<T>): Promise<T> {
    try {
      return await find();
    } catch (error) {
      if (isInfrastructureError(error)) await this.refund(email, ip);
      throw error;
    }
  }

  /** Gives back one counted attempt of every counter of this (account, address). */
  async refund(email: string, ip: string): Promise<void> {
    await this.redis.eval(REFUND_SCRIPT, 3, `rl:${ipKey(ip)}`, `rl:${pairKey(email, ip)}`, `rl:${accountKey(email)}`).catch(() => undefined);
  }

  /** The owner got in: their own address starts afresh, and their attempt does not count against the account. */
  async succeeded(email: string, ip: string): Promise<void> {
    await this.redis
      .multi()
      .del(`rl:${pairKey(email, ip)}`)
      .decr(`rl:${accountKey(email)}`)
      .exec()
      .catch(() => undefined);
  }

  /** Clears every count of the account (a password reset, an admin). Answers how many counters were cleared. */
  unlock(email: string): Promise<number> {
    if (this.redis.status !== 'ready') throw serviceUnavailable();
    return unlockLogin(this.redis, email);
  }
}

/** Clears every login count of an account, whatever the address (`npm run cli -- unlock-login`, a password reset). */
export async function unlockLogin(redis: Redis, email: string): Promise<number> {
  const keys = [`rl:${accountKey(email)}`];
  const prefix = redis.options.keyPrefix ?? '';
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}rl:login:account-ip:${norm(email)}:*`, 'COUNT', 500);
    cursor = next;
    // SCAN answers full key names; commands add the prefix again.
    keys.push(...found.map((key) => key.slice(prefix.length)));
  } while (cursor !== '0');
  return redis.del(...keys);
}
