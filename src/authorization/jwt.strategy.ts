import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { createSecretKey, randomUUID } from 'node:crypto';
import { PassportStrategy } from '@nestjs/passport';
import { EntityManager } from '@mikro-orm/postgresql';
import passport from 'passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { appError } from '../common/errors/app-error.js';
import { scopeToCompany } from '../infra/database/tenant-scope.js';
import type { AuthContext } from './auth-context.js';
import { AuthContextLoader } from './auth-context.loader.js';

interface AccessPayload {
  sub: unknown;
  tv: unknown;
  typ: unknown;
}

/**
 * Access tokens (HS256, 15 minutes): passport-jwt checks signature and expiry; `validate` loads the caller's context
 * in one query (user, company state, plan, queues), checks the single-session token version, and scopes the ORM to
 * the tenant. What it answers becomes `request.user`.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) implements OnModuleDestroy {
  /**
   * Passport keeps strategies in one registry per process; every app instance (tests run several, each with its own
   * database and secret) registers its own under its own name, and its guard asks for that one.
   */
  readonly strategyName = `jwt:${randomUUID()}`;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly loader: AuthContextLoader,
    private readonly em: EntityManager,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A key object, not the string: jsonwebtoken first tries a string as a PEM public key, throwing on every request.
      // (jsonwebtoken takes a KeyObject; @types/passport-jwt has not caught up.)
      secretOrKey: createSecretKey(Buffer.from(config.jwtSecret)) as unknown as Buffer,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
    passport.use(this.strategyName, this);
  }

  onModuleDestroy(): void {
    passport.unuse(this.strategyName);
  }

  async validate(payload: AccessPayload): Promise<AuthContext> {
    if ((payload.typ !== 'access' && payload.typ !== 'billing') || !Number.isInteger(payload.sub) || !Number.isInteger(payload.tv)) {
      throw appError('ERR_SESSION_EXPIRED');
    }
    const auth =
      payload.typ === 'billing'
        ? await this.loader.loadBilling(payload.sub as number, payload.tv as number)
        : await this.loader.load(payload.sub as number, payload.tv as number);
    scopeToCompany(this.em, auth.companyId);
    return auth;
  }
}
