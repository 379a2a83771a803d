import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { closeRedis } from '../infra/redis/redis.module.js';
import { REDIS_CLIENT_OPTIONS } from '../infra/redis/redis-client-options.js';

type Handler = (message: unknown) => void;

/**
 * Redis pub/sub between the processes of one install (its channels carry the install's prefix). Connections are
 * opened on first use, so a single process (ROLE=all), which never talks to another, opens none.
 */
@Injectable()
export class SessionBus implements OnApplicationShutdown {
  private readonly logger = new Logger('SessionBus');
  private readonly handlers = new Map<string, Handler>();
  private pub: Redis | null = null;
  private sub: Redis | null = null;
  private closed = false;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  channel(name: string): string {
    return `${this.config.redisPrefix}:channels:${name}`;
  }

  async subscribe(name: string, handler: Handler): Promise<void> {
    if (this.closed) return;
    const channel = this.channel(name);
    this.handlers.set(channel, handler);
    await this.subscriber().subscribe(channel);
  }

  /** Answers how many processes received it (0: nobody listens on that channel). */
  async publish(name: string, message: unknown): Promise<number> {
    if (this.closed) return 0;
    return this.publisher().publish(this.channel(name), JSON.stringify(message));
  }

  /** How many processes listen on a channel now (a process that died has closed its connection: it counts no more). */
  async listeners(name: string): Promise<number> {
    if (this.closed) return 0;
    const channel = this.channel(name);
    const answer = (await this.publisher().pubsub('NUMSUB', channel)) as Array<string | number>;
    return Number(answer[1] ?? 0);
  }

  /** Afterwards publishing is a no-op: a service that stops later must not open a new connection. */
  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    await Promise.all([this.pub, this.sub].map((client) => client && closeRedis(client)));
    this.pub = this.sub = null;
  }

  private publisher(): Redis {
    this.pub ??= this.connect('publish');
    return this.pub;
  }

  private subscriber(): Redis {
    if (this.sub) return this.sub;
    this.sub = this.connect('subscribe');
    this.sub.on('message', (channel: string, text: string) => {
      const handler = this.handlers.get(channel);
      if (!handler) return;
      try {
        handler(JSON.parse(text));
      } catch (error) {
        this.logger.warn(`${channel}: ${String(error)}`);
      }
    });
    return this.sub;
  }

  private connect(use: string): Redis {
    // No key prefix: channel names carry it (ioredis does not prefix channels).
    const client = new Redis(this.config.redisUrl, { ...REDIS_CLIENT_OPTIONS, maxRetriesPerRequest: 3 });
    client.on('error', (error: Error) => this.logger.warn(`Redis (${use}): ${error.message}`));
    return client;
  }
}
