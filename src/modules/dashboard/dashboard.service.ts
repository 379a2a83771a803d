import { Injectable } from '@nestjs/common';
import type { AuthContext } from '../../authorization/auth-context.js';
import { checkedRange, dayRange } from './dashboard-period.js';
import type { DashboardResponse } from '../../shared/api-types.js';
import { DashboardRepository } from './dashboard.repository.js';
import type { DashboardQueryDto } from './dto/dashboard-query.dto.js';
import type { DashboardSeriesQueryDto } from './dto/dashboard-series-query.dto.js';

export type { DashboardResponse };

@Injectable()
export class DashboardService {
  constructor(private readonly repository: DashboardRepository) {}

  async summary(ctx: AuthContext, query: DashboardQueryDto): Promise<DashboardResponse> {
    const range = dayRange(query, await this.repository.timeZone(ctx.companyId));
    const [counters, attendants, platform] = await Promise.all([
      this.repository.counters(ctx.companyId, range),
      this.repository.attendants(ctx.companyId, range),
      ctx.super ? this.repository.platform() : Promise.resolve(null),
    ]);
    return { counters: { ...counters, ...platform }, attendants };
  }

  async ticketsPerUser(ctx: AuthContext, query: DashboardSeriesQueryDto): Promise<{ data: Array<{ nome: string; quantidade: number }> }> {
    return { data: await this.repository.ticketsPerUser(ctx.companyId, checkedRange(query.initialDate, query.finalDate, 'finalDate')) };
  }

  async ticketsPerPeriod(
    ctx: AuthContext,
    query: DashboardSeriesQueryDto,
  ): Promise<{ data: Array<{ data?: string; horario?: string; total: number }>; count: number }> {
    const data = await this.repository.ticketsPerPeriod(ctx.companyId, checkedRange(query.initialDate, query.finalDate, 'finalDate'));
    return { data, count: data.reduce((sum, row) => sum + row.total, 0) };
  }
}
