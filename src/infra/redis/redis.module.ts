import { Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { RateLimiter } from './rate-limiter.js';

import { REDIS } from './redis.tokens.js';
import { REDIS_CLIENT_OPTIONS } from './redis-client-options.js';

export { REDIS };

/** quit() waits for a connection that may never come; a client that is not ready is just dropped. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit().catch(() => undefined);
  else redis.disconnect();
}

const logger = new Logger('Redis');

export function createRedis(config: AppConfig): Redis {
  const redis = new Redis(config.redisUrl, { ...REDIS_CLIENT_OPTIONS, keyPrefix: `${config.redisPrefix}:`, maxRetriesPerRequest: 3, lazyConnect: false });
  // Said once per outage (ioredis would print every reconnection attempt); /api/health reports it meanwhile.
  let reported = false;
  redis.on('error', (error: Error) => {
    if (!reported) logger.warn(`Redis unreachable: ${error.message}`);
    reported = true;
  });
  redis.on('ready', () => {
    if (reported) logger.log('Redis is back');
    reported = false;
  });
  return redis;
}

@Injectable()
class RedisShutdown implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown(): Promise<void> {
    await closeRedis(this.redis);
  }
}

@Global()
@Module({
  providers: [{ provide: REDIS, inject: [APP_CONFIG], useFactory: createRedis }, RedisShutdown, RateLimiter],
  exports: [REDIS, RateLimiter],
})
export class RedisModule {}
