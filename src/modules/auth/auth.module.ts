import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { LoginThrottle } from './login-throttle.js';
import { RefreshTokensRepository } from './refresh-tokens.repository.js';

@Module({
  imports: [SettingsModule],
  controllers: [AuthController],
  providers: [AuthService, LoginThrottle, RefreshTokensRepository],
  exports: [AuthService, LoginThrottle],
})
export class AuthModule {}
