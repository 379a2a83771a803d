import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Public } from '../../common/decorators/access.decorators.js';
import { REDIS } from '../../infra/redis/redis.module.js';
import { HealthRepository } from './health.repository.js';

async function check(probe: () => Promise<unknown>): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([probe(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), 2000)))]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

@ApiTags('system')
@Controller()
export class HealthController {
  constructor(
    private readonly repository: HealthRepository,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Get('version')
  @ApiOkResponse({ schema: { example: { version: '0.1.0' } } })
  version(): { version: string } {
    return { version: this.config.version };
  }

  @Public()
  @Get('health')
  @ApiOkResponse({ schema: { example: { status: 'ok', database: 'up', redis: 'up' } } })
  async health(@Res({ passthrough: true }) res: Response): Promise<{ status: string; database: string; redis: string }> {
    const [database, redis] = await Promise.all([check(() => this.repository.ping()), check(() => this.redis.ping())]);
    const ok = database === 'up' && redis === 'up';
    res.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'degraded', database, redis };
  }
}
