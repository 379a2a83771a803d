import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { LoginThrottle } from './login-throttle.js';
import { RefreshTokensRepository } from './refresh-tokens.repository.js';
import { USER_SESSIONS } from '../users/user-sessions.port.js';
import { UserSessionsAdapter } from './user-sessions.adapter.js';

@Module({
  imports: [SettingsModule],
  controllers: [AuthController],
  providers: [AuthService, LoginThrottle, RefreshTokensRepository, { provide: USER_SESSIONS, useClass: UserSessionsAdapter }],
  exports: [AuthService, LoginThrottle, USER_SESSIONS],
})
export class AuthModule {}
