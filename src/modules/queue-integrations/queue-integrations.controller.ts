import { Body, Controller, Delete, Get, HttpCode, Post, Put, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthContext } from '../../authorization/auth-context.js';
import { Policy, RequiresPlan } from '../../common/decorators/access.decorators.js';
import { Auth } from '../../authorization/auth.decorator.js';
import { ApiListQuery } from '../../common/list-query/api-list-query.decorator.js';
import { listResponse, type ListAllowlist, type ListParams } from '../../common/list-query/list-query.js';
import { ListQuery } from '../../common/list-query/list-query.decorator.js';
import type { ListBody } from '../../shared/api-types.js';
import { CreateQueueIntegrationDto } from './dto/create-queue-integration.dto.js';
import { TestSessionDto } from './dto/test-session.dto.js';
import { UpdateQueueIntegrationDto } from './dto/update-queue-integration.dto.js';
import { type IntegrationTestResult, IntegrationTestService } from './integration-test.service.js';
import type { QueueIntegrationResponse } from './queue-integration.mapper.js';
import { QueueIntegrationsService } from './queue-integrations.service.js';
import { IdParam } from '../../common/pipes/id-param.pipe.js';

const INTEGRATION_LIST: ListAllowlist = {
  filters: { id: 'id', type: 'type' },
  sort: { id: 'id', name: 'name', type: 'type', createdAt: 'createdAt', updatedAt: 'updatedAt' },
  defaultSort: ['name', 'ASC'],
  // Selects (the queue form) ask without pageNumber and get every integration; pageNumber pages by 20.
  unpagedLimit: 1000,
};

/** Queue integrations (campaigns-and-content §Queue integrations): everyone reads, admins write; plan module useIntegrations. */
@ApiTags('queue-integrations')
@ApiBearerAuth()
@RequiresPlan('useIntegrations')
@Controller('queueIntegration')
export class QueueIntegrationsController {
  constructor(
    private readonly integrations: QueueIntegrationsService,
    private readonly tester: IntegrationTestService,
  ) {}

  @Get()
  @Policy('read', 'QueueIntegration')
  @ApiListQuery()
  async list(
    @Auth() ctx: AuthContext,
    @ListQuery(INTEGRATION_LIST) query: ListParams,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ListBody<'queueIntegrations', QueueIntegrationResponse>> {
    return listResponse(res, 'queueIntegrations', query, await this.integrations.list(ctx, query));
  }

  /** Calls the configured service once ('Olá' to Dialogflow, a start to Typebot, a sample event to n8n/webhook). */
  @Post('testSession')
  @HttpCode(200)
  @Policy('create', 'QueueIntegration')
  testSession(@Auth() ctx: AuthContext, @Body() dto: TestSessionDto): Promise<IntegrationTestResult> {
    return this.tester.test(ctx, dto);
  }

  @Get(':id')
  @Policy('read', 'QueueIntegration')
  findOne(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<QueueIntegrationResponse> {
    return this.integrations.findOne(ctx, id);
  }

  @Post()
  @Policy('create', 'QueueIntegration')
  create(@Auth() ctx: AuthContext, @Body() dto: CreateQueueIntegrationDto): Promise<QueueIntegrationResponse> {
    return this.integrations.create(ctx, dto);
  }

  @Put(':id')
  @Policy('update', 'QueueIntegration')
  update(@Auth() ctx: AuthContext, @IdParam('id') id: number, @Body() dto: UpdateQueueIntegrationDto): Promise<QueueIntegrationResponse> {
    return this.integrations.update(ctx, id, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  @Policy('delete', 'QueueIntegration')
  async remove(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<void> {
    await this.integrations.remove(ctx, id);
  }
}
