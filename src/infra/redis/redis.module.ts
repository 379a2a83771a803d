import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { RateLimiter } from './rate-limiter.js';

import { REDIS } from './redis.tokens.js';

export { REDIS };

export function createRedis(config: AppConfig): Redis {
  return new Redis(config.redisUrl, { keyPrefix: `${config.redisPrefix}:`, maxRetriesPerRequest: 3, lazyConnect: false });
}

@Injectable()
class RedisShutdown implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}

@Global()
@Module({
  providers: [{ provide: REDIS, inject: [APP_CONFIG], useFactory: createRedis }, RedisShutdown, RateLimiter],
  exports: [REDIS, RateLimiter],
})
export class RedisModule {}
