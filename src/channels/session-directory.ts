import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { REDIS } from '../infra/redis/redis.tokens.js';
import { SessionBus } from './session-bus.js';

/** A connected session and the process (its lease owner) that runs it. */
export interface DirectoryEntry {
  companyId: number;
  provider: string;
  owner: string;
}

const KEY = 'channels:live';
const CHANNEL = 'live';
/** Removes an entry only if the process that wrote it still owns it (a new owner may have replaced it). */
const WITHDRAW = `local v = redis.call('hget', KEYS[1], ARGV[1]) if v and cjson.decode(v).owner == ARGV[2] then return redis.call('hdel', KEYS[1], ARGV[1]) else return 0 end`;

/**
 * Which connections are connected, and where: a Redis hash the session processes write when a session connects or
 * ends, mirrored in every process (read at start, then kept by pub/sub, re-read every sweep interval) so that
 * `isConnected` and the choice of a connection stay synchronous. Only used with ROLE=api or worker.
 */
@Injectable()
export class SessionDirectory implements OnApplicationShutdown {
  private readonly logger = new Logger('SessionDirectory');
  private entries = new Map<number, DirectoryEntry>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly bus: SessionBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async start(): Promise<void> {
    await this.bus.subscribe(CHANNEL, (message) => {
      const { id, entry } = message as { id: number; entry: DirectoryEntry | null };
      if (entry) this.entries.set(id, entry);
      else this.entries.delete(id);
    });
    await this.refresh().catch((e: unknown) => this.logger.warn(`refresh: ${String(e)}`));
    if (this.timer) return;
    this.timer = setInterval(() => void this.refresh().catch((e: unknown) => this.logger.warn(`refresh: ${String(e)}`)), this.config.channels.sweepIntervalMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  get(connectionId: number): DirectoryEntry | undefined {
    return this.entries.get(connectionId);
  }

  /** The company's connected sessions, by connection id. */
  ofCompany(companyId: number): number[] {
    return [...this.entries].filter(([, e]) => e.companyId === companyId).map(([id]) => id);
  }

  all(): number[] {
    return [...this.entries.keys()];
  }

  async announce(connectionId: number, entry: DirectoryEntry): Promise<void> {
    this.entries.set(connectionId, entry);
    await this.redis.hset(KEY, String(connectionId), JSON.stringify(entry));
    await this.bus.publish(CHANNEL, { id: connectionId, entry });
  }

  /** This process no longer runs the session. */
  async withdraw(connectionId: number, owner: string): Promise<void> {
    if (this.entries.get(connectionId)?.owner === owner) this.entries.delete(connectionId);
    const removed = await this.redis.eval(WITHDRAW, 1, KEY, String(connectionId), owner);
    if (removed) await this.bus.publish(CHANNEL, { id: connectionId, entry: null });
  }

  /** Entries of processes that died and whose connection nobody took over (their lease is gone). */
  async purge(connectionIds: number[]): Promise<void> {
    if (!connectionIds.length) return;
    await this.redis.hdel(KEY, ...connectionIds.map(String));
    for (const id of connectionIds) {
      this.entries.delete(id);
      await this.bus.publish(CHANNEL, { id, entry: null });
    }
  }

  private async refresh(): Promise<void> {
    const raw = await this.redis.hgetall(KEY);
    this.entries = new Map(Object.entries(raw).map(([id, value]) => [Number(id), JSON.parse(value) as DirectoryEntry]));
  }
}
