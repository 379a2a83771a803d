import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { CampaignSettingsModule } from '../campaign-settings/campaign-settings.module.js';
import { FilesModule } from '../files/files.module.js';
import { OutboundModule } from '../messages/outbound.module.js';
import { TicketsModule } from '../tickets/tickets.module.js';
import { CampaignDispatchRepository } from './campaign-dispatch.repository.js';
import { CampaignDispatcher } from './campaign-dispatcher.js';
import { CampaignEvents } from './campaign-events.js';
import { CampaignJobs, CAMPAIGNS_QUEUE } from './campaign-jobs.js';
import { CampaignMediaService } from './campaign-media.service.js';
import { CampaignOutbox } from './campaign-outbox.js';
import { CampaignOutcomes } from './campaign-outcomes.js';
import { CampaignReplies } from './campaign-replies.js';
import { CampaignWalker } from './campaign-walker.js';
import { CampaignWatch } from './campaign-watch.js';
import { CampaignSuppressionsController } from './campaign-suppressions.controller.js';
import { CampaignSuppressionsService } from './campaign-suppressions.service.js';
import { CampaignsController } from './campaigns.controller.js';
import { CampaignsRepository } from './campaigns.repository.js';
import { CampaignsService } from './campaigns.service.js';
import { CloudCampaignRules } from './cloud-campaign-rules.js';

@Module({
  imports: [FilesModule, CampaignSettingsModule, OutboundModule, TicketsModule, BullModule.registerQueue({ name: CAMPAIGNS_QUEUE })],
  controllers: [CampaignsController, CampaignSuppressionsController],
  providers: [
    CampaignsService,
    CloudCampaignRules,
    CampaignSuppressionsService,
    CampaignMediaService,
    CampaignsRepository,
    CampaignDispatchRepository,
    CampaignEvents,
    CampaignJobs,
    CampaignWalker,
    CampaignOutbox,
    CampaignOutcomes,
    CampaignDispatcher,
    CampaignReplies,
    CampaignWatch,
  ],
})
export class CampaignsModule {}
