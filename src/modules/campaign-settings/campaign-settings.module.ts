import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module.js';
import { CampaignSettingsController } from './campaign-settings.controller.js';
import { CampaignSettingsService } from './campaign-settings.service.js';

/** Campaign settings; CampaignsModule imports it for `CampaignSettingsService.read` (the dispatcher's pacing). */
@Module({ imports: [SettingsModule], controllers: [CampaignSettingsController], providers: [CampaignSettingsService], exports: [CampaignSettingsService] })
export class CampaignSettingsModule {}
