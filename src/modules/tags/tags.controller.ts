import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthContext } from '../../authorization/auth-context.js';
import { AnyUser, RequiresPlan } from '../../common/decorators/access.decorators.js';
import { Auth } from '../../authorization/auth.decorator.js';
import { ApiListQuery } from '../../common/list-query/api-list-query.decorator.js';
import { listResponse, type ListAllowlist, type ListParams } from '../../common/list-query/list-query.js';
import { ListQuery } from '../../common/list-query/list-query.decorator.js';
import type { ListBody } from '../../shared/api-types.js';
import { CreateTagDto } from './dto/create-tag.dto.js';
import { ListTagsQueryDto } from './dto/list-tags-query.dto.js';
import { SyncTagsDto } from './dto/sync-tags.dto.js';
import { UpdateTagDto } from './dto/update-tag.dto.js';
import { TagSyncService, type TicketTagsResponse } from './tag-sync.service.js';
import type { TagListItem, TagResponse } from './tag.mapper.js';
import { TagsService } from './tags.service.js';
import { IdParam } from '../../common/pipes/id-param.pipe.js';

const TAG_LIST: ListAllowlist = {
  filters: { id: 'id', kanban: 'kanban' },
  filterTypes: { kanban: 'boolean' },
  sort: { id: 'id', name: 'name', color: 'color', createdAt: 'createdAt' },
  defaultSort: ['name', 'ASC'],
};

/** Open to every profile; the kanban flag is checked in the service. */
@ApiTags('tags')
@ApiBearerAuth()
@AnyUser()
@Controller('tags')
export class TagsController {
  constructor(
    private readonly tags: TagsService,
    private readonly tagSync: TagSyncService,
  ) {}

  @Get()
  @ApiListQuery()
  async list(
    @Auth() ctx: AuthContext,
    @ListQuery(TAG_LIST) query: ListParams,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ListBody<'tags', TagResponse>> {
    return listResponse(res, 'tags', query, await this.tags.list(ctx, query));
  }

  @Get('list')
  listAll(@Auth() ctx: AuthContext, @Query() query: ListTagsQueryDto): Promise<TagListItem[]> {
    return this.tags.listAll(ctx, query.kanban === undefined ? undefined : query.kanban === '1');
  }

  /** The kanban board's lanes; declared before `:id` so the word is not read as an id. */
  @Get('kanban')
  @RequiresPlan('useKanban')
  kanbanLanes(@Auth() ctx: AuthContext): Promise<TagListItem[]> {
    return this.tags.listAll(ctx, true);
  }

  /** Replaces the ticket's tags; nothing is created, hence 200. */
  @Post('sync')
  @HttpCode(200)
  sync(@Auth() ctx: AuthContext, @Body() dto: SyncTagsDto): Promise<TicketTagsResponse> {
    return this.tagSync.sync(ctx, dto);
  }

  @Get(':id')
  findOne(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<TagResponse> {
    return this.tags.findOne(ctx, id);
  }

  @Post()
  create(@Auth() ctx: AuthContext, @Body() dto: CreateTagDto): Promise<TagResponse> {
    return this.tags.create(ctx, dto);
  }

  @Put(':id')
  update(@Auth() ctx: AuthContext, @IdParam('id') id: number, @Body() dto: UpdateTagDto): Promise<TagResponse> {
    return this.tags.update(ctx, id, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<void> {
    await this.tags.remove(ctx, id);
  }
}
