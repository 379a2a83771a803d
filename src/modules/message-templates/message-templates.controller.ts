import { Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthContext } from '../../authorization/auth-context.js';
import { Auth } from '../../authorization/auth.decorator.js';
import { Policy } from '../../common/decorators/access.decorators.js';
import { ApiListQuery } from '../../common/list-query/api-list-query.decorator.js';
import { type ListAllowlist, type ListParams, listResponse } from '../../common/list-query/list-query.js';
import { ListQuery } from '../../common/list-query/list-query.decorator.js';
import { IdParam } from '../../common/pipes/id-param.pipe.js';
import type { ListBody, TemplateSyncResponse } from '../../shared/api-types.js';
import type { MessageTemplateResponse } from './message-template.mapper.js';
import { MessageTemplatesService } from './message-templates.service.js';

const TEMPLATE_LIST: ListAllowlist = {
  filters: { whatsappId: 'whatsapp', status: 'status', language: 'language', category: 'category' },
  filterTypes: { whatsappId: 'int' },
  sort: { id: 'id', name: 'name', language: 'language', category: 'category', status: 'status', syncedAt: 'syncedAt' },
  defaultSort: ['name', 'ASC'],
};

/** The templates screen: read-only (templates are written in Meta's tools), for admins. */
@ApiTags('message-templates')
@ApiBearerAuth()
@Controller('message-templates')
export class MessageTemplatesController {
  constructor(private readonly templates: MessageTemplatesService) {}

  @Get()
  @Policy('update', 'Connection')
  @ApiListQuery()
  @ApiOkResponse({ description: 'filters: whatsappId, status, language, category, q (name); sort by name, language, category, status, syncedAt' })
  async list(
    @Auth() ctx: AuthContext,
    @ListQuery(TEMPLATE_LIST) query: ListParams,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ListBody<'templates', MessageTemplateResponse>> {
    return listResponse(res, 'templates', query, await this.templates.list(ctx, query));
  }
}

/** Reading a Cloud API connection's templates from Meta again, beside the connection's other admin actions. */
@ApiTags('message-templates')
@ApiBearerAuth()
@Controller('whatsapp')
export class TemplateSyncController {
  constructor(private readonly templates: MessageTemplatesService) {}

  @Post(':id/templates/sync')
  @HttpCode(200)
  @Policy('editOrDeleteConnection', 'connections-page')
  @ApiOkResponse({ description: 'Every page of the business account read; templates Meta no longer lists are removed' })
  sync(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<TemplateSyncResponse> {
    return this.templates.syncFor(ctx, id);
  }
}
