import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Request } from 'express';
import { IS_PUBLIC } from '../common/decorators/access.decorators.js';
import { AUTH_CONTEXT_KEY } from '../common/decorators/auth-context.decorator.js';
import { AppError } from '../common/errors/app-error.js';
import { scopeToCompany } from '../infra/database/tenant-scope.js';
import { AuthContextLoader } from './auth-context.loader.js';
import { TokenService } from './token.service.js';

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** Deny by default: every route needs a valid access token unless marked @Public(). Scopes the ORM to the tenant. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
    private readonly loader: AuthContextLoader,
    private readonly em: EntityManager,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<Request & Record<string, unknown>>();
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new AppError('ERR_SESSION_EXPIRED', 401);
    const claims = this.tokens.verifyAccess(token);
    const auth = await this.loader.load(claims.sub, claims.tv);
    scopeToCompany(this.em, auth.companyId);
    request[AUTH_CONTEXT_KEY] = auth;
    return true;
  }
}
