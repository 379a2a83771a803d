import { Module } from '@nestjs/common';
import { HelpsController } from './helps.controller.js';
import { HelpsService } from './helps.service.js';

@Module({ controllers: [HelpsController], providers: [HelpsService] })
export class HelpsModule {}
