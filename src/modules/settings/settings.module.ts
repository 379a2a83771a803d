import { Module } from '@nestjs/common';
import { CompanySettingsCache } from './company-settings.cache.js';
import { SettingsController } from './settings.controller.js';
import { SettingsService } from './settings.service.js';

@Module({ controllers: [SettingsController], providers: [SettingsService, CompanySettingsCache], exports: [SettingsService, CompanySettingsCache] })
export class SettingsModule {}
