import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '../../authorization/auth-context.js';
import { Policy } from '../../common/decorators/access.decorators.js';
import { Auth } from '../../authorization/auth.decorator.js';
import { type DashboardResponse, DashboardService } from './dashboard.service.js';
import { DashboardQueryDto } from './dto/dashboard-query.dto.js';
import { DashboardSeriesQueryDto } from './dto/dashboard-series-query.dto.js';

/** Admins' figures of their company ('dashboard:view'); super users also get the platform counters. */
@ApiTags('dashboard')
@ApiBearerAuth()
@Controller('dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  @Policy('view', 'dashboard')
  summary(@Auth() ctx: AuthContext, @Query() query: DashboardQueryDto): Promise<DashboardResponse> {
    return this.dashboard.summary(ctx, query);
  }

  @Get('ticketsUsers')
  @Policy('view', 'dashboard')
  ticketsUsers(@Auth() ctx: AuthContext, @Query() query: DashboardSeriesQueryDto) {
    return this.dashboard.ticketsPerUser(ctx, query);
  }

  @Get('ticketsDay')
  @Policy('view', 'dashboard')
  ticketsDay(@Auth() ctx: AuthContext, @Query() query: DashboardSeriesQueryDto) {
    return this.dashboard.ticketsPerPeriod(ctx, query);
  }
}
