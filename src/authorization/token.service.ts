import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { AppError } from '../common/errors/app-error.js';

export interface TokenClaims {
  sub: number;
  companyId: number;
  tv: number;
}

/** Access tokens (15 min, Bearer) and refresh tokens (7 days, cookie), both bound to the user's tokenVersion. */
@Injectable()
export class TokenService {
  constructor(
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  signAccess(claims: TokenClaims): string {
    return this.jwt.sign({ ...claims, typ: 'access' }, { secret: this.config.jwtSecret, expiresIn: this.config.accessTokenTtlSeconds });
  }

  signRefresh(claims: TokenClaims): string {
    return this.jwt.sign({ ...claims, typ: 'refresh' }, { secret: this.config.jwtRefreshSecret, expiresIn: this.config.refreshTokenTtlSeconds });
  }

  verifyAccess(token: string): TokenClaims {
    return this.verify(token, this.config.jwtSecret, 'access');
  }

  verifyRefresh(token: string): TokenClaims {
    return this.verify(token, this.config.jwtRefreshSecret, 'refresh');
  }

  private verify(token: string, secret: string, typ: string): TokenClaims {
    try {
      const payload = this.jwt.verify<TokenClaims & { typ: string }>(token, { secret, algorithms: ['HS256'] });
      if (payload.typ !== typ || !Number.isInteger(payload.sub) || !Number.isInteger(payload.tv)) throw new Error('bad claims');
      return { sub: payload.sub, companyId: payload.companyId, tv: payload.tv };
    } catch {
      throw new AppError('ERR_SESSION_EXPIRED', 401);
    }
  }
}
