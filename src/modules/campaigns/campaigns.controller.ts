import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, Res, UploadedFile } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthContext } from '../../authorization/auth-context.js';
import { Auth } from '../../authorization/auth.decorator.js';
import { Policy, RequiresPlan } from '../../common/decorators/access.decorators.js';
import { ApiListQuery } from '../../common/list-query/api-list-query.decorator.js';
import { type ListAllowlist, type ListParams, listResponse } from '../../common/list-query/list-query.js';
import { ListQuery } from '../../common/list-query/list-query.decorator.js';
import { MediaUploadEndpoint, type UploadedMedia } from '../../infra/storage/uploads/upload.decorator.js';
import type { ListBody } from '../../shared/api-types.js';
import type { CampaignAudienceResponse, CampaignReportResponse, CampaignResponse } from '../../shared/campaign-api-types.js';
import { CampaignMediaService } from './campaign-media.service.js';
import { CampaignsService } from './campaigns.service.js';
import { CampaignReportQuery } from './dto/campaign-report.query.js';
import { CreateCampaignDto } from './dto/create-campaign.dto.js';
import { UpdateCampaignDto } from './dto/update-campaign.dto.js';
import { IdParam } from '../../common/pipes/id-param.pipe.js';

const CAMPAIGN_LIST: ListAllowlist = {
  filters: { id: 'id', status: 'status', whatsappId: 'whatsapp', contactListId: 'contactList', fileListId: 'fileList' },
  sort: { id: 'id', name: 'name', status: 'status', scheduledAt: 'scheduledAt', completedAt: 'completedAt', createdAt: 'createdAt' },
  defaultSort: ['createdAt', 'DESC'],
};

/** Campaigns (campaigns-and-content §Campaigns, server §6): admins only; plan module useCampaigns and the campaigns setting. */
@ApiTags('campaigns')
@ApiBearerAuth()
@RequiresPlan('useCampaigns')
@Controller('campaigns')
export class CampaignsController {
  constructor(
    private readonly campaigns: CampaignsService,
    private readonly media: CampaignMediaService,
  ) {}

  @Get()
  @Policy('read', 'Campaign')
  @ApiListQuery()
  async list(
    @Auth() ctx: AuthContext,
    @ListQuery(CAMPAIGN_LIST) query: ListParams,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ListBody<'records', CampaignResponse>> {
    return listResponse(res, 'records', query, await this.campaigns.list(ctx, query));
  }

  @Get(':id')
  @Policy('read', 'Campaign')
  findOne(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<CampaignResponse> {
    return this.campaigns.findOne(ctx, id);
  }

  @Get(':id/report')
  @Policy('read', 'Campaign')
  report(@Auth() ctx: AuthContext, @IdParam('id') id: number, @Query() query: CampaignReportQuery): Promise<CampaignReportResponse> {
    return this.campaigns.report(ctx, id, query.after);
  }

  @Post()
  @Policy('create', 'Campaign')
  create(@Auth() ctx: AuthContext, @Body() dto: CreateCampaignDto): Promise<CampaignResponse> {
    return this.campaigns.create(ctx, dto);
  }

  @Put(':id')
  @Policy('update', 'Campaign')
  update(@Auth() ctx: AuthContext, @IdParam('id') id: number, @Body() dto: UpdateCampaignDto): Promise<CampaignResponse> {
    return this.campaigns.update(ctx, id, dto);
  }

  @Delete(':id')
  @Policy('delete', 'Campaign')
  @HttpCode(204)
  async remove(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<void> {
    await this.campaigns.remove(ctx, id);
  }

  @Post(':id/cancel')
  @Policy('update', 'Campaign')
  @HttpCode(200)
  cancel(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<CampaignResponse> {
    return this.campaigns.cancel(ctx, id);
  }

  @Post(':id/restart')
  @Policy('update', 'Campaign')
  @HttpCode(200)
  restart(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<CampaignResponse> {
    return this.campaigns.restart(ctx, id);
  }

  @Post(':id/start')
  @Policy('update', 'Campaign')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sends an inactive or scheduled campaign now ("Enviar agora"); 409-style error when it is running or done' })
  start(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<CampaignResponse> {
    return this.campaigns.start(ctx, id);
  }

  @Get(':id/audience')
  @Policy('read', 'Campaign')
  @ApiOperation({ summary: 'The audience "Enviar agora" names: list or tag name and the number of recipients' })
  audience(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<CampaignAudienceResponse> {
    return this.campaigns.audience(ctx, id);
  }

  @Post(':id/media-upload')
  @Policy('update', 'Campaign')
  @MediaUploadEndpoint()
  uploadMedia(@Auth() ctx: AuthContext, @IdParam('id') id: number, @UploadedFile() file: UploadedMedia | undefined): Promise<CampaignResponse> {
    return this.media.upload(ctx, id, file);
  }

  @Delete(':id/media-upload')
  @Policy('update', 'Campaign')
  removeMedia(@Auth() ctx: AuthContext, @IdParam('id') id: number): Promise<CampaignResponse> {
    return this.media.remove(ctx, id);
  }
}
