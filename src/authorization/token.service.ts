import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { appError } from '../common/errors/app-error.js';

export const BILLING_TOKEN_TTL_SECONDS = 30 * 60;

export interface TokenClaims {
  sub: number;
  companyId: number;
  tv: number;
}

/** A refresh token also names itself (single use) and its family (every token rotated from one login). */
export interface RefreshClaims extends TokenClaims {
  jti: string;
  fam: string;
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

  /** A billing-only access token (an expired company's admin): no refresh, 30 minutes. */
  signBilling(claims: TokenClaims): string {
    return this.jwt.sign({ ...claims, typ: 'billing' }, { secret: this.config.jwtSecret, expiresIn: BILLING_TOKEN_TTL_SECONDS });
  }

  verifyBilling(token: string): TokenClaims {
    return this.verify(token, this.config.jwtSecret, 'billing');
  }

  /** The claims of a valid billing-only token, or null for any other token. */
  tryBilling(token: string): TokenClaims | null {
    try {
      return this.verifyBilling(token);
    } catch {
      return null;
    }
  }

  signRefresh(claims: RefreshClaims): string {
    return this.jwt.sign({ ...claims, typ: 'refresh' }, { secret: this.config.jwtRefreshSecret, expiresIn: this.config.refreshTokenTtlSeconds });
  }

  verifyAccess(token: string): TokenClaims {
    return this.verify(token, this.config.jwtSecret, 'access');
  }

  verifyRefresh(token: string): RefreshClaims {
    const claims = this.verify(token, this.config.jwtRefreshSecret, 'refresh') as Partial<RefreshClaims>;
    if (typeof claims.jti !== 'string' || typeof claims.fam !== 'string') throw appError('ERR_SESSION_EXPIRED');
    return claims as RefreshClaims;
  }

  private verify(token: string, secret: string, typ: string): TokenClaims {
    try {
      const payload = this.jwt.verify<TokenClaims & { typ: string; jti?: string; fam?: string }>(token, { secret, algorithms: ['HS256'] });
      if (payload.typ !== typ || !Number.isInteger(payload.sub) || !Number.isInteger(payload.tv)) throw new Error('bad claims');
      return { sub: payload.sub, companyId: payload.companyId, tv: payload.tv, ...(payload.jti ? { jti: payload.jti, fam: payload.fam } : {}) };
    } catch {
      throw appError('ERR_SESSION_EXPIRED');
    }
  }
}
