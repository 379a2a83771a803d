import { Body, Controller, Delete, Get, HttpCode, Post, Put, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthContext } from '../../authorization/auth-context.js';
import { Policy, Public } from '../../common/decorators/access.decorators.js';
import { Auth } from '../../authorization/auth.decorator.js';
import { listResponse, type ListAllowlist, type ListParams } from '../../common/list-query/list-query.js';
import { ListQuery } from '../../common/list-query/list-query.decorator.js';
import type { ListBody } from '../../shared/api-types.js';
import { ApiListQuery } from '../../common/list-query/api-list-query.decorator.js';
import type { PlanSummary } from './plan.mapper.js';
import { CreatePlanDto } from './dto/create-plan.dto.js';
import { UpdatePlanDto } from './dto/update-plan.dto.js';
import type { PlanResponse } from './plan.mapper.js';
import { PlansService } from './plans.service.js';
import { IdParam } from '../../common/pipes/id-param.pipe.js';

const PLAN_LIST: ListAllowlist = {
  filters: { id: 'id' },
  sort: { id: 'id', name: 'name', value: 'value', users: 'users', connections: 'connections', queues: 'queues', createdAt: 'createdAt' },
  defaultSort: ['value', 'ASC'],
};

// Everyone may read their own plan, so the super-only reads require `manage`, which only super users hold.
@ApiTags('plans')
@ApiBearerAuth()
@Controller('plans')
export class PlansController {
  constructor(private readonly plans: PlansService) {}

  @Get('list')
  @Public()
  publicList(): Promise<PlanSummary[]> {
    return this.plans.publicList();
  }

  @Get('all')
  @Policy('manage', 'Plan')
  listAll(@Auth() ctx: AuthContext): Promise<PlanResponse[]> {
    return this.plans.listAll(ctx);
  }

  @Get()
  @Policy('manage', 'Plan')
  @ApiListQuery()
  async list(
    @Auth() ctx: AuthContext,
    @ListQuery(PLAN_LIST) query: ListParams,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ListBody<'plans', PlanResponse>> {
    return listResponse(res, 'plans', query, await this.plans.list(ctx, query));
  }

  @Get(':id')
  @Policy('manage', 'Plan')
  findOne(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<PlanResponse> {
    return this.plans.findOne(ctx, id);
  }

  @Post()
  @Policy('create', 'Plan')
  create(@Auth() ctx: AuthContext, @Body() dto: CreatePlanDto): Promise<PlanResponse> {
    return this.plans.create(ctx, dto);
  }

  @Put(':id')
  @Policy('update', 'Plan')
  update(@Auth() ctx: AuthContext, @IdParam('id') id: number, @Body() dto: UpdatePlanDto): Promise<PlanResponse> {
    return this.plans.update(ctx, id, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  @Policy('delete', 'Plan')
  async remove(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<void> {
    await this.plans.remove(ctx, id);
  }
}
