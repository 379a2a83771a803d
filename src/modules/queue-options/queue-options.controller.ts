import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, UploadedFile } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { MediaUploadEndpoint, type UploadedMedia } from '../../infra/storage/uploads/upload.decorator.js';
import type { AuthContext } from '../../authorization/auth-context.js';
import { Policy } from '../../common/decorators/access.decorators.js';
import { Auth } from '../../authorization/auth.decorator.js';
import { CreateQueueOptionDto } from './dto/create-queue-option.dto.js';
import { ListQueueOptionsQueryDto } from './dto/list-queue-options-query.dto.js';
import { UpdateQueueOptionDto } from './dto/update-queue-option.dto.js';
import type { QueueOptionResponse } from './queue-option.mapper.js';
import { QueueOptionsService } from './queue-options.service.js';
import { IdParam } from '../../common/pipes/id-param.pipe.js';

@ApiTags('queue-options')
@ApiBearerAuth()
@Controller('queue-options')
export class QueueOptionsController {
  constructor(private readonly options: QueueOptionsService) {}

  @Get()
  @Policy('read', 'QueueOption')
  list(@Auth() ctx: AuthContext, @Query() query: ListQueueOptionsQueryDto): Promise<QueueOptionResponse[]> {
    return this.options.list(ctx, query);
  }

  @Post()
  @Policy('create', 'QueueOption')
  create(@Auth() ctx: AuthContext, @Body() dto: CreateQueueOptionDto): Promise<QueueOptionResponse> {
    return this.options.create(ctx, dto);
  }

  @Put(':id')
  @Policy('update', 'QueueOption')
  update(@Auth() ctx: AuthContext, @IdParam('id') id: number, @Body() dto: UpdateQueueOptionDto): Promise<QueueOptionResponse> {
    return this.options.update(ctx, id, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  @Policy('delete', 'QueueOption')
  async remove(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<void> {
    await this.options.remove(ctx, id);
  }

  @Post(':id/media-upload')
  @Policy('update', 'QueueOption')
  @MediaUploadEndpoint()
  uploadMedia(@Auth() ctx: AuthContext, @IdParam('id') id: number, @UploadedFile() file: UploadedMedia | undefined): Promise<QueueOptionResponse> {
    return this.options.uploadMedia(ctx, id, file);
  }

  @Delete(':id/media-upload')
  @Policy('update', 'QueueOption')
  removeMedia(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<QueueOptionResponse> {
    return this.options.removeMedia(ctx, id);
  }
}
