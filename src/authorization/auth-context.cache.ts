import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { REDIS } from '../infra/redis/redis.tokens.js';
import type { AuthContext } from './auth-context.js';

/** Whose contexts a change makes stale: one user's, a company's users', or everyone's (a plan's flags changed). */
export type AuthContextScope = { userId: number } | { companyId: number } | { all: true };

interface Entry {
  context: AuthContext;
  until: number;
}

/** Entries kept at most; past it the oldest go first (a Map keeps insertion order). */
const MAX_ENTRIES = 10_000;

/**
 * The auth contexts of recent requests, kept in this process for a moment (AUTH_CONTEXT_CACHE_MS): a busy attendant's
 * requests skip the context query and the ability's construction. Whatever changes a context (a login, a password, a
 * demotion, queues, a company's status or due date, a plan) invalidates it here and, over a Redis channel, in every
 * other process. While that channel is not subscribed (Redis down, reconnecting) nothing is cached, so a change is
 * never missed: requests then load their context as before.
 */
@Injectable()
export class AuthContextCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AuthContextCache');
  private readonly entries = new Map<string, Entry>();
  private readonly channel: string;
  private readonly ttlMs: number;
  private subscriber: Redis | null = null;
  private subscribed = false;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.channel = `${config.redisPrefix}:auth-context`;
    this.ttlMs = config.authContextCacheMs;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.ttlMs <= 0) return;
    const subscriber = this.redis.duplicate({ enableAutoPipelining: false });
    this.subscriber = subscriber;
    subscriber.on('error', () => undefined);
    // Messages published while the channel was down are lost: whatever was cached before is forgotten.
    subscriber.on('close', () => this.suspend());
    subscriber.on('end', () => this.suspend());
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) this.apply(parseScope(message));
    });
    subscriber.on('ready', () => {
      subscriber.subscribe(this.channel).then(
        () => {
          this.entries.clear();
          this.subscribed = true;
        },
        () => this.suspend(),
      );
    });
  }

  async onApplicationShutdown(): Promise<void> {
    this.suspend();
    this.subscriber?.disconnect();
  }

  get(userId: number, tokenVersion: number, now = Date.now()): AuthContext | null {
    if (!this.subscribed) return null;
    const key = keyOf(userId, tokenVersion);
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.until <= now) {
      this.entries.delete(key);
      return null;
    }
    return entry.context;
  }

  set(userId: number, tokenVersion: number, context: AuthContext, now = Date.now()): void {
    if (!this.subscribed) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(keyOf(userId, tokenVersion), { context, until: now + this.ttlMs });
  }

  /**
   * Forgets the contexts `scope` names, here at once and in the other processes through Redis. Call it after the
   * change committed. A publish that fails (Redis down) is harmless: the other processes then cache nothing.
   */
  async invalidate(scope: AuthContextScope): Promise<void> {
    this.apply(scope);
    if (this.ttlMs <= 0) return;
    await this.redis.publish(this.channel, JSON.stringify(scope)).catch((error: unknown) => {
      this.logger.warn(`auth context invalidation not published: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  private apply(scope: AuthContextScope | null): void {
    if (!scope || 'all' in scope) {
      this.entries.clear();
      return;
    }
    for (const [key, entry] of this.entries) {
      if ('userId' in scope ? entry.context.userId === scope.userId : entry.context.companyId === scope.companyId) this.entries.delete(key);
    }
  }

  private suspend(): void {
    this.subscribed = false;
    this.entries.clear();
  }
}

const keyOf = (userId: number, tokenVersion: number) => `${userId}:${tokenVersion}`;

/** A message of the channel; anything unreadable clears everything, which is always safe. */
function parseScope(message: string): AuthContextScope | null {
  try {
    const scope = JSON.parse(message) as Record<string, unknown>;
    if (Number.isInteger(scope.userId)) return { userId: scope.userId as number };
    if (Number.isInteger(scope.companyId)) return { companyId: scope.companyId as number };
  } catch {
    // fall through
  }
  return null;
}
