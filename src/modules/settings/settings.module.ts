import { Module } from '@nestjs/common';
import { CompanySettingsCache } from './company-settings.cache.js';
import { SettingsController } from './settings.controller.js';
import { SettingsRepository } from './settings.repository.js';
import { SettingsService } from './settings.service.js';

@Module({
  controllers: [SettingsController],
  providers: [SettingsService, CompanySettingsCache, SettingsRepository],
  exports: [SettingsService, CompanySettingsCache, SettingsRepository],
})
export class SettingsModule {}
