import { Body, Controller, Delete, Get, HttpCode, Ip, Post, Put, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthContext } from '../../authorization/auth-context.js';
import { Policy, Public } from '../../common/decorators/access.decorators.js';
import { Auth } from '../../authorization/auth.decorator.js';
import { listResponse, type ListAllowlist, type ListParams } from '../../common/list-query/list-query.js';
import { ListQuery } from '../../common/list-query/list-query.decorator.js';
import type { ListBody } from '../../shared/api-types.js';
import { ApiListQuery } from '../../common/list-query/api-list-query.decorator.js';
import type { PlanSummary } from '../plans/plan.mapper.js';
import { CompaniesService } from './companies.service.js';
import type { CompanyResponse } from './company.mapper.js';
import { CreateCompanyDto } from './dto/create-company.dto.js';
import { SignupDto } from './dto/signup.dto.js';
import { UpdateCompanyDto } from './dto/update-company.dto.js';
import { UpdateSchedulesDto } from './dto/update-schedules.dto.js';
import { type SignupResponse, SignupService } from './signup.service.js';
import { IdParam } from '../../common/pipes/id-param.pipe.js';

const COMPANY_LIST: ListAllowlist = {
  filters: { id: 'id', status: 'status', planId: 'plan', recurrence: 'recurrence' },
  filterTypes: { status: 'boolean' },
  sort: {
    id: 'id',
    name: 'name',
    email: 'email',
    phone: 'phone',
    status: 'status',
    dueDate: 'dueDate',
    recurrence: 'recurrence',
    planId: 'plan',
    createdAt: 'createdAt',
  },
  defaultSort: ['name', 'ASC'],
};

// Admins hold `update Company` for their own working hours, so the super-only routes require `manage`
// (or `create`/`delete`), which only super users hold.
@ApiTags('companies')
@ApiBearerAuth()
@Controller('companies')
export class CompaniesController {
  constructor(
    private readonly companies: CompaniesService,
    private readonly signups: SignupService,
  ) {}

  @Post('cadastro')
  @Public()
  signup(@Body() dto: SignupDto, @Ip() ip: string): Promise<SignupResponse> {
    return this.signups.signup(dto, ip);
  }

  @Get()
  @Policy('manage', 'Company')
  @ApiListQuery()
  async list(
    @Auth() ctx: AuthContext,
    @ListQuery(COMPANY_LIST) query: ListParams,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ListBody<'companies', CompanyResponse>> {
    return listResponse(res, 'companies', query, await this.companies.list(ctx, query));
  }

  @Get('list')
  @Policy('manage', 'Company')
  listAll(@Auth() ctx: AuthContext): Promise<CompanyResponse[]> {
    return this.companies.listAll(ctx);
  }

  @Get('listPlan/:companyId')
  @Policy('read', 'Company')
  planOf(@Auth() ctx: AuthContext, @IdParam('companyId') companyId: number): Promise<PlanSummary> {
    return this.companies.planOf(ctx, companyId);
  }

  @Get(':id')
  @Policy('read', 'Company')
  findOne(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<CompanyResponse> {
    return this.companies.findOne(ctx, id);
  }

  @Post()
  @Policy('create', 'Company')
  create(@Auth() ctx: AuthContext, @Body() dto: CreateCompanyDto): Promise<CompanyResponse> {
    return this.companies.create(ctx, dto);
  }

  @Put(':id/schedules')
  @Policy('update', 'Company')
  updateSchedules(@Auth() ctx: AuthContext, @IdParam('id') id: number, @Body() dto: UpdateSchedulesDto): Promise<CompanyResponse> {
    return this.companies.updateSchedules(ctx, id, dto);
  }

  @Put(':id')
  @Policy('manage', 'Company')
  update(@Auth() ctx: AuthContext, @IdParam('id') id: number, @Body() dto: UpdateCompanyDto): Promise<CompanyResponse> {
    return this.companies.update(ctx, id, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  @Policy('delete', 'Company')
  async remove(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<void> {
    await this.companies.remove(ctx, id);
  }
}
