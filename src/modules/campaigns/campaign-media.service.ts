import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import { appError, fieldError } from '../../common/errors/app-error.js';
import { StoragePort } from '../../infra/storage/storage.port.js';
import type { UploadedMedia } from '../../infra/storage/uploads/uploaded-media.js';
import type { CampaignResponse } from '../../shared/campaign-api-types.js';
import { campaignEditable } from '../../shared/campaigns.js';
import { CampaignEvents } from './campaign-events.js';
import { CampaignWalker } from './campaign-walker.js';
import { toCampaignResponse } from './campaign.mapper.js';
import { CampaignsService } from './campaigns.service.js';

/** The campaign's attachment: one file, replaced on upload, stored under a generated name; only while editable. */
@Injectable()
export class CampaignMediaService {
  constructor(
    private readonly em: EntityManager,
    private readonly campaigns: CampaignsService,
    private readonly storage: StoragePort,
    private readonly events: CampaignEvents,
    private readonly walker: CampaignWalker,
  ) {}

  async upload(ctx: AuthContext, id: number, file: UploadedMedia | undefined): Promise<CampaignResponse> {
    if (!file?.size) throw fieldError('file', 'A file is required');
    return this.replace(ctx, id, file.path, file.originalName.slice(0, 255) || null);
  }

  remove(ctx: AuthContext, id: number): Promise<CampaignResponse> {
    return this.replace(ctx, id, null, null);
  }

  /** The previous file is deleted only once the campaign no longer points to it. */
  private async replace(ctx: AuthContext, id: number, mediaPath: string | null, mediaName: string | null): Promise<CampaignResponse> {
    const campaign = await this.campaigns.load(id);
    if (!campaignEditable(campaign)) {
      if (mediaPath) await this.storage.remove(mediaPath);
      throw appError('ERR_CAMPAIGN_NOT_EDITABLE', 'This campaign can no longer be edited');
    }
    const previous = campaign.mediaPath;
    campaign.mediaPath = mediaPath;
    campaign.mediaName = mediaName;
    await this.em.flush();
    this.walker.forget(id);
    const response = toCampaignResponse(campaign);
    this.events.changed(ctx.companyId, response);
    if (previous && previous !== mediaPath) await this.storage.remove(previous);
    return response;
  }
}
