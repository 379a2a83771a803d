import { Body, Controller, Delete, Get, HttpCode, Post, Put, Res, UploadedFile } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { MediaUploadEndpoint, type UploadedMedia } from '../../infra/storage/uploads/upload.decorator.js';
import type { AuthContext } from '../../authorization/auth-context.js';
import { AnyUser } from '../../common/decorators/access.decorators.js';
import { Auth } from '../../authorization/auth.decorator.js';
import { ApiListQuery } from '../../common/list-query/api-list-query.decorator.js';
import { listResponse, type ListAllowlist, type ListParams } from '../../common/list-query/list-query.js';
import { ListQuery } from '../../common/list-query/list-query.decorator.js';
import type { ListBody } from '../../shared/api-types.js';
import { CreateQuickMessageDto } from './dto/create-quick-message.dto.js';
import { UpdateQuickMessageDto } from './dto/update-quick-message.dto.js';
import { QuickMessageMediaService } from './quick-message-media.service.js';
import type { QuickMessageResponse } from './quick-message.mapper.js';
import { QuickMessagesService } from './quick-messages.service.js';
import { IdParam } from '../../common/pipes/id-param.pipe.js';

const QUICK_MESSAGE_LIST: ListAllowlist = {
  filters: { id: 'id', geral: 'geral', status: 'status', userId: 'user' },
  filterTypes: { geral: 'boolean', status: 'boolean' },
  sort: { id: 'id', shortcode: 'shortcode', createdAt: 'createdAt', updatedAt: 'updatedAt' },
  defaultSort: ['shortcode', 'ASC'],
};

/** Open to every profile; who may read or change a record is checked in the service. */
@ApiTags('quick-messages')
@ApiBearerAuth()
@AnyUser()
@Controller('quick-messages')
export class QuickMessagesController {
  constructor(
    private readonly quickMessages: QuickMessagesService,
    private readonly media: QuickMessageMediaService,
  ) {}

  /** `userId` sent by the browser is ignored: visibility comes from the session. */
  @Get()
  @ApiListQuery()
  async list(
    @Auth() ctx: AuthContext,
    @ListQuery(QUICK_MESSAGE_LIST) query: ListParams,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ListBody<'records', QuickMessageResponse>> {
    return listResponse(res, 'records', query, await this.quickMessages.list(ctx, query));
  }

  @Get('list')
  listActive(@Auth() ctx: AuthContext): Promise<QuickMessageResponse[]> {
    return this.quickMessages.listActive(ctx);
  }

  @Get(':id')
  findOne(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<QuickMessageResponse> {
    return this.quickMessages.findOne(ctx, id);
  }

  @Post()
  create(@Auth() ctx: AuthContext, @Body() dto: CreateQuickMessageDto): Promise<QuickMessageResponse> {
    return this.quickMessages.create(ctx, dto);
  }

  @Put(':id')
  update(@Auth() ctx: AuthContext, @IdParam('id') id: number, @Body() dto: UpdateQuickMessageDto): Promise<QuickMessageResponse> {
    return this.quickMessages.update(ctx, id, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<void> {
    await this.quickMessages.remove(ctx, id);
  }

  /** Other form fields (the browser's `typeArch`) are not used: the stored type comes from the file. */
  @Post(':id/media-upload')
  @MediaUploadEndpoint()
  uploadMedia(@Auth() ctx: AuthContext, @IdParam('id') id: number, @UploadedFile() file: UploadedMedia | undefined): Promise<QuickMessageResponse> {
    return this.media.upload(ctx, id, file);
  }

  @Delete(':id/media-upload')
  removeMedia(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<QuickMessageResponse> {
    return this.media.remove(ctx, id);
  }
}
