import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig, runsBackgroundWork } from '../../config/app-config.js';
import { Public } from '../../common/decorators/access.decorators.js';
import { RETRY_AFTER_SECONDS } from '../../common/errors/infrastructure-error.js';
import { bootSessionsStarted } from '../../infra/jobs/bull.js';
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

type Probe = 'up' | 'down';

interface Readiness {
  status: 'ready' | 'unavailable';
  database: Probe;
  redis: Probe;
  /** Processes that run sessions (ROLE=worker or all): whether the sessions it starts at boot are up. */
  sessions?: 'started' | 'starting';
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

  /** Liveness: the process answers; nothing else is asked, so an outage elsewhere never gets it restarted. */
  @Public()
  @Get('health/live')
  @ApiOkResponse({ schema: { example: { status: 'ok' } } })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /**
   * Readiness: the database and Redis answer and, in a process that runs sessions, the sessions it starts at boot
   * are up. Otherwise 503 with Retry-After, so a proxy or an orchestrator sends it nothing yet.
   */
  @Public()
  @Get('health/ready')
  @ApiOkResponse({ schema: { example: { status: 'ready', database: 'up', redis: 'up', sessions: 'started' } } })
  @ApiServiceUnavailableResponse({ schema: { example: { status: 'unavailable', database: 'down', redis: 'up' } } })
  async ready(@Res({ passthrough: true }) res: Response): Promise<Readiness> {
    const [database, redis] = await Promise.all([check(() => this.repository.ping()), check(() => this.redis.ping())]);
    const body: Readiness = { status: 'ready', database, redis };
    if (runsBackgroundWork(this.config)) body.sessions = bootSessionsStarted() ? 'started' : 'starting';
    const ok = database === 'up' && redis === 'up' && body.sessions !== 'starting';
    if (!ok) {
      body.status = 'unavailable';
      res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    }
    res.status(ok ? 200 : 503);
    return body;
  }
}
