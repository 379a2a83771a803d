import { Body, Controller, Delete, Get, HttpCode, Post, Put, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthContext } from '../../authorization/auth-context.js';
import { Policy } from '../../common/decorators/access.decorators.js';
import { Auth } from '../../authorization/auth.decorator.js';
import { listResponse, type ListAllowlist, type ListParams } from '../../common/list-query/list-query.js';
import { ListQuery } from '../../common/list-query/list-query.decorator.js';
import type { ListBody } from '../../shared/api-types.js';
import { ApiListQuery } from '../../common/list-query/api-list-query.decorator.js';
import { CreateHelpDto } from './dto/create-help.dto.js';
import { UpdateHelpDto } from './dto/update-help.dto.js';
import type { HelpResponse } from './help.mapper.js';
import { HelpsService } from './helps.service.js';
import { IdParam } from '../../common/pipes/id-param.pipe.js';

const HELP_LIST: ListAllowlist = {
  filters: { id: 'id' },
  sort: { id: 'id', title: 'title', createdAt: 'createdAt' },
  defaultSort: ['title', 'ASC'],
};

@ApiTags('helps')
@ApiBearerAuth()
@Controller('helps')
export class HelpsController {
  constructor(private readonly helps: HelpsService) {}

  @Get()
  @Policy('read', 'Help')
  @ApiListQuery()
  async list(
    @Auth() ctx: AuthContext,
    @ListQuery(HELP_LIST) query: ListParams,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ListBody<'helps', HelpResponse>> {
    return listResponse(res, 'helps', query, await this.helps.list(ctx, query));
  }

  @Get('list')
  @Policy('read', 'Help')
  listAll(@Auth() ctx: AuthContext): Promise<HelpResponse[]> {
    return this.helps.listAll(ctx);
  }

  @Get(':id')
  @Policy('read', 'Help')
  findOne(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<HelpResponse> {
    return this.helps.findOne(ctx, id);
  }

  @Post()
  @Policy('create', 'Help')
  create(@Auth() ctx: AuthContext, @Body() dto: CreateHelpDto): Promise<HelpResponse> {
    return this.helps.create(ctx, dto);
  }

  @Put(':id')
  @Policy('update', 'Help')
  update(@Auth() ctx: AuthContext, @IdParam('id') id: number, @Body() dto: UpdateHelpDto): Promise<HelpResponse> {
    return this.helps.update(ctx, id, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  @Policy('delete', 'Help')
  async remove(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<void> {
    await this.helps.remove(ctx, id);
  }
}
