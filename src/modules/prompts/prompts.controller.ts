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
import { CreatePromptDto } from './dto/create-prompt.dto.js';
import { UpdatePromptDto } from './dto/update-prompt.dto.js';
import type { PromptResponse } from './prompt.mapper.js';
import { PromptsService } from './prompts.service.js';
import { IdParam } from '../../common/pipes/id-param.pipe.js';

const PROMPT_LIST: ListAllowlist = {
  filters: { id: 'id', queueId: 'queue' },
  sort: { id: 'id', name: 'name', model: 'model', createdAt: 'createdAt', updatedAt: 'updatedAt' },
  defaultSort: ['name', 'ASC'],
  // The prompts page does not page (GET /prompt without pageNumber): a company's prompts come in one answer.
  unpagedLimit: 1000,
};

/** AI prompts (campaigns-and-content §Prompts): everyone reads, admins write; plan module useOpenAi. */
@ApiTags('prompts')
@ApiBearerAuth()
@RequiresPlan('useOpenAi')
@Controller('prompt')
export class PromptsController {
  constructor(private readonly prompts: PromptsService) {}

  @Get()
  @Policy('read', 'Prompt')
  @ApiListQuery()
  async list(
    @Auth() ctx: AuthContext,
    @ListQuery(PROMPT_LIST) query: ListParams,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ListBody<'prompts', PromptResponse>> {
    return listResponse(res, 'prompts', query, await this.prompts.list(ctx, query));
  }

  @Get(':id')
  @Policy('read', 'Prompt')
  findOne(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<PromptResponse> {
    return this.prompts.findOne(ctx, id);
  }

  /** The answer carries a short `message` besides the prompt (campaigns §7). */
  @Post()
  @Policy('create', 'Prompt')
  async create(@Auth() ctx: AuthContext, @Body() dto: CreatePromptDto): Promise<PromptResponse & { message: string }> {
    return { ...(await this.prompts.create(ctx, dto)), message: 'Prompt created' };
  }

  @Put(':id')
  @Policy('update', 'Prompt')
  update(@Auth() ctx: AuthContext, @IdParam('id') id: number, @Body() dto: UpdatePromptDto): Promise<PromptResponse> {
    return this.prompts.update(ctx, id, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  @Policy('delete', 'Prompt')
  async remove(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<void> {
    await this.prompts.remove(ctx, id);
  }
}
