import { Controller, Get, Header, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../common/decorators/access.decorators.js';
import { MetricsCollectors } from './metrics-collectors.js';
import { MetricsTokenGuard } from './metrics-token.guard.js';

/** Prometheus exposition on the main port (outside the /api prefix), behind METRICS_TOKEN. */
@ApiTags('system')
@Controller()
export class MetricsController {
  constructor(private readonly collectors: MetricsCollectors) {}

  // Not a user session: the metrics token guard below is what protects it.
  @Public()
  @UseGuards(MetricsTokenGuard)
  @Get('metrics')
  @Header('Cache-Control', 'no-store')
  @ApiBearerAuth()
  @ApiOkResponse({ description: 'Prometheus text exposition (0.0.4)', content: { 'text/plain': { schema: { type: 'string' } } } })
  @ApiUnauthorizedResponse({ description: 'Missing or wrong METRICS_TOKEN' })
  async metrics(@Res() res: Response): Promise<void> {
    const body = await this.collectors.exposition();
    res.setHeader('Content-Type', this.collectors.contentType);
    res.send(body);
  }
}
