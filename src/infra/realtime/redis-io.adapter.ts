import { type INestApplicationContext, Logger } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { Redis } from 'ioredis';
import { Server, type ServerOptions } from 'socket.io';
import { closeRedis } from '../redis/redis.module.js';
import { REDIS_CLIENT_OPTIONS } from '../redis/redis-client-options.js';
import { createEchoFilteringAdapter } from './echo-filtering-adapter.js';

/** The commands the adapter sends without awaiting them. */
const FIRE_AND_FORGET = ['publish', 'subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'] as const;

/**
 * The adapter ignores the promises of publish and (un)subscribe. While Redis is down they reject ("Connection is
 * closed", MaxRetriesPerRequestError) and, unhandled, would end the process; a lost broadcast is only logged.
 */
export function settleFireAndForget(client: Redis, onLost: (command: string, error: Error) => void): void {
  for (const name of FIRE_AND_FORGET) {
    const send = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>;
    Object.defineProperty(client, name, {
      configurable: true,
      value: (...args: unknown[]) => {
        const sent = send(...args);
        sent.catch((error: Error) => onLost(name, error));
        return sent;
      },
    });
  }
}

/** socket.io over Redis pub/sub, so events reach sockets held by any server process. */
export class RedisIoAdapter extends IoAdapter {
  private readonly redisLogger = new Logger('RedisIoAdapter');
  private pub: Redis | null = null;
  private sub: Redis | null = null;

  constructor(
    app: INestApplicationContext,
    private readonly redisUrl: string,
    private readonly channelPrefix: string,
    /** Which origins may connect (`cors`, `allowRequest`): set by configureApp in production. */
    private readonly originOptions: Partial<ServerOptions> = {},
    /**
     * A worker process (ROLE=worker) accepts no sockets: its server is bound to no HTTP server, and what it emits
     * reaches the sockets of the API processes through Redis.
     */
    private readonly emitOnly = false,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const merged = { ...options, ...this.originOptions } as ServerOptions;
    const server = this.emitOnly ? new Server(merged) : (super.createIOServer(port, merged) as Server);
    // Broadcasts of one tick go out as one write (a message is several broadcasts: its row, its ticket, receipts).
    this.pub = new Redis(this.redisUrl, { ...REDIS_CLIENT_OPTIONS, enableAutoPipelining: true });
    this.sub = this.pub.duplicate({ enableAutoPipelining: false });
    for (const client of [this.pub, this.sub]) {
      client.on('error', (error: Error) => this.redisLogger.warn(`Redis (socket.io adapter): ${error.message}`));
      settleFireAndForget(client, (command, error) => this.redisLogger.debug(`Redis (socket.io adapter): ${command} lost: ${error.message}`));
    }
    server.adapter(createEchoFilteringAdapter(this.pub, this.sub, { key: `${this.channelPrefix}:socket.io` }));
    return server;
  }

  override async close(server: Server): Promise<void> {
    // The adapter unsubscribes on close, which would wait forever on a Redis that never answered.
    if (this.sub?.status !== 'ready') for (const client of [this.pub, this.sub]) client?.disconnect();
    // An emit-only server has no engine (socket.io's close would throw): only its adapter is closed.
    if (this.emitOnly) await server.of('/').adapter.close();
    else await super.close(server);
    await Promise.all([this.pub, this.sub].map((client) => client && closeRedis(client)));
  }
}
