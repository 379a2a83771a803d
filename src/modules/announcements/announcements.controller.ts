import { Body, Controller, Delete, Get, HttpCode, Post, Put, Res, UploadedFile } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthContext } from '../../authorization/auth-context.js';
import { Auth } from '../../authorization/auth.decorator.js';
import { Policy } from '../../common/decorators/access.decorators.js';
import { ApiListQuery } from '../../common/list-query/api-list-query.decorator.js';
import { type ListAllowlist, type ListParams, listResponse } from '../../common/list-query/list-query.js';
import { ListQuery } from '../../common/list-query/list-query.decorator.js';
import type { UploadedMedia } from '../../infra/storage/uploads/uploaded-media.js';
import type { AnnouncementFeedResponse, AnnouncementUnreadResponse } from '../../shared/announcement-api-types.js';
import type { ListBody } from '../../shared/api-types.js';
import { AnnouncementMediaService } from './announcement-media.service.js';
import { AnnouncementImageUpload } from './announcement-upload.decorator.js';
import type { AnnouncementResponse } from './announcement.mapper.js';
import { AnnouncementsService } from './announcements.service.js';
import { CreateAnnouncementDto } from './dto/create-announcement.dto.js';
import { MarkAnnouncementsReadDto } from './dto/mark-announcements-read.dto.js';
import { UpdateAnnouncementDto } from './dto/update-announcement.dto.js';
import { IdParam } from '../../common/pipes/id-param.pipe.js';

const ANNOUNCEMENT_LIST: ListAllowlist = {
  filters: { id: 'id', status: 'status', priority: 'priority' },
  filterTypes: { status: 'boolean', priority: 'int' },
  sort: { id: 'id', priority: 'priority', title: 'title', status: 'status', createdAt: 'createdAt', updatedAt: 'updatedAt' },
  defaultSort: ['priority', 'ASC'],
};

/**
 * Global announcements: super users manage them (the spec's /announcements page); every user reads the active ones
 * and keeps read markers for the top-bar bell. Reads check the record against the rule table in the service.
 */
@ApiTags('announcements')
@ApiBearerAuth()
@Controller('announcements')
export class AnnouncementsController {
  constructor(
    private readonly announcements: AnnouncementsService,
    private readonly media: AnnouncementMediaService,
  ) {}

  /** Super users see every announcement; others only the active ones. */
  @Get()
  @Policy('read', 'Announcement')
  @ApiListQuery()
  async list(
    @Auth() ctx: AuthContext,
    @ListQuery(ANNOUNCEMENT_LIST) query: ListParams,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ListBody<'records', AnnouncementResponse>> {
    return listResponse(res, 'records', query, await this.announcements.list(ctx, query));
  }

  @Get('feed')
  @Policy('read', 'Announcement')
  @ApiOkResponse({ description: 'Active announcements by priority then newest, each marked read or not, and the unread count' })
  feed(@Auth() ctx: AuthContext): Promise<AnnouncementFeedResponse> {
    return this.announcements.feed(ctx);
  }

  @Get('unread-count')
  @Policy('read', 'Announcement')
  async unreadCount(@Auth() ctx: AuthContext): Promise<AnnouncementUnreadResponse> {
    return { unreadCount: await this.announcements.unreadCount(ctx) };
  }

  @Post('read')
  @HttpCode(200)
  @Policy('read', 'Announcement')
  async markManyRead(@Auth() ctx: AuthContext, @Body() dto: MarkAnnouncementsReadDto): Promise<AnnouncementUnreadResponse> {
    return { unreadCount: await this.announcements.markManyRead(ctx, dto.ids) };
  }

  @Get(':id')
  @Policy('read', 'Announcement')
  findOne(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<AnnouncementResponse> {
    return this.announcements.findOne(ctx, id);
  }

  @Post(':id/read')
  @HttpCode(200)
  @Policy('read', 'Announcement')
  async markRead(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<AnnouncementUnreadResponse> {
    return { unreadCount: await this.announcements.markRead(ctx, id) };
  }

  @Post()
  @Policy('create', 'Announcement')
  create(@Auth() ctx: AuthContext, @Body() dto: CreateAnnouncementDto): Promise<AnnouncementResponse> {
    return this.announcements.create(ctx, dto);
  }

  @Put(':id')
  @Policy('update', 'Announcement')
  update(@Auth() ctx: AuthContext, @IdParam('id') id: number, @Body() dto: UpdateAnnouncementDto): Promise<AnnouncementResponse> {
    return this.announcements.update(ctx, id, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  @Policy('delete', 'Announcement')
  async remove(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<void> {
    await this.announcements.remove(ctx, id);
  }

  /** png, jpg or jpeg only, by name, declared type and content; the previous image is replaced. */
  @Post(':id/media-upload')
  @Policy('update', 'Announcement')
  @AnnouncementImageUpload()
  uploadMedia(@Auth() ctx: AuthContext, @IdParam('id') id: number, @UploadedFile() file: UploadedMedia | undefined): Promise<AnnouncementResponse> {
    return this.media.upload(ctx, id, file);
  }

  @Delete(':id/media-upload')
  @Policy('update', 'Announcement')
  removeMedia(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<AnnouncementResponse> {
    return this.media.remove(ctx, id);
  }
}
