import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { UserSessions } from '../users/user-sessions.port.js';
import { AuthService } from './auth.service.js';
import { setRefreshCookie } from './refresh-cookie.js';

/** The users module's `UserSessions`, on the auth service. */
@Injectable()
export class UserSessionsAdapter implements UserSessions {
  constructor(
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  end(companyId: number, userId: number): Promise<void> {
    return this.auth.endSessions(companyId, userId);
  }

  async continue(userId: number, req: Request, res: Response): Promise<void> {
    const session = await this.auth.openSession(userId);
    setRefreshCookie(req, res, session.refreshToken, this.config.refreshTokenTtlSeconds);
  }

  unlockLogin(email: string): Promise<number> {
    return this.auth.unlockLogin(email);
  }
}
