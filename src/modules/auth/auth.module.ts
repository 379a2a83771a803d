import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';

@Module({ imports: [SettingsModule], controllers: [AuthController], providers: [AuthService] })
export class AuthModule {}
