import { Body, Controller, Delete, Get, HttpCode, Post, Put, UploadedFile } from '@nestjs/common';
import { MediaUploadEndpoint, type UploadedMedia } from '../../infra/storage/uploads/upload.decorator.js';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '../../authorization/auth-context.js';
import { Policy } from '../../common/decorators/access.decorators.js';
import { Auth } from '../../authorization/auth.decorator.js';
import { ApiCompanyIdQuery, CompanyIdQuery } from '../../common/decorators/company-id.query.js';
import { CreateQueueDto } from './dto/create-queue.dto.js';
import { UpdateQueueDto } from './dto/update-queue.dto.js';
import type { QueueResponse } from './queue.mapper.js';
import { QueuesService } from './queues.service.js';
import { IdParam } from '../../common/pipes/id-param.pipe.js';

@ApiTags('queues')
@ApiBearerAuth()
@Controller('queue')
export class QueuesController {
  constructor(private readonly queues: QueuesService) {}

  /** `companyId` names another company for super users only; for everyone else the company comes from the session. */
  @Get()
  @Policy('read', 'Queue')
  @ApiCompanyIdQuery('the queues')
  list(@Auth() ctx: AuthContext, @CompanyIdQuery() companyId: number | undefined): Promise<QueueResponse[]> {
    return this.queues.list(ctx, companyId);
  }

  @Get(':id')
  @Policy('read', 'Queue')
  findOne(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<QueueResponse> {
    return this.queues.findOne(ctx, id);
  }

  @Post()
  @Policy('create', 'Queue')
  create(@Auth() ctx: AuthContext, @Body() dto: CreateQueueDto): Promise<QueueResponse> {
    return this.queues.create(ctx, dto);
  }

  @Put(':id')
  @Policy('update', 'Queue')
  update(@Auth() ctx: AuthContext, @IdParam('id') id: number, @Body() dto: UpdateQueueDto): Promise<QueueResponse> {
    return this.queues.update(ctx, id, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  @Policy('delete', 'Queue')
  async remove(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<void> {
    await this.queues.remove(ctx, id);
  }

  /** The file sent with the queue's greeting. */
  @Post(':id/media-upload')
  @Policy('update', 'Queue')
  @MediaUploadEndpoint()
  uploadMedia(@Auth() ctx: AuthContext, @IdParam('id') id: number, @UploadedFile() file: UploadedMedia | undefined): Promise<QueueResponse> {
    return this.queues.uploadMedia(ctx, id, file);
  }

  @Delete(':id/media-upload')
  @Policy('update', 'Queue')
  removeMedia(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<QueueResponse> {
    return this.queues.removeMedia(ctx, id);
  }
}
