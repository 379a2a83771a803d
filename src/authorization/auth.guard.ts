import type { CanActivate, ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import { AuthGuard as PassportAuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { BILLING_ACCESS, IS_PUBLIC } from '../common/decorators/access.decorators.js';
import { companyAccessError } from './auth-context.loader.js';
import { AUTH_CONTEXT_KEY } from './auth.decorator.js';
import { appError, AppError } from '../common/errors/app-error.js';
import { isInfrastructureError } from '../common/errors/infrastructure-error.js';
import type { AuthContext } from './auth-context.js';
import type { JwtStrategy } from './jwt.strategy.js';
import { clientIp } from '../common/http/client-ip.js';

export { bearerToken } from './bearer-token.js';

/**
 * Deny by default: every route needs a valid access token, checked by this app's passport-jwt strategy, unless
 * marked @Public(). Built per app (a factory provider) because the strategy's name is the app's own.
 */
export function jwtAuthGuard(reflector: Reflector, strategy: JwtStrategy): CanActivate {
  class JwtAuthGuard extends PassportAuthGuard(strategy.strategyName) {
    override canActivate(context: ExecutionContext): Promise<boolean> | boolean {
      if (context.getType() !== 'http') return true;
      if (reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()])) return true;
      return super.canActivate(context) as Promise<boolean>;
    }

    /**
     * Our own errors (expired company, old session) keep their codes, and an outage stays one (the exception filter
     * answers 503: the session is fine, the database or Redis is not); anything else is an expired session.
     */
    override handleRequest<T = AuthContext>(error: unknown, user: T | false, _info: unknown, context: ExecutionContext): T {
      if (error instanceof AppError || isInfrastructureError(error)) throw error;
      if (error || !user) throw appError('ERR_SESSION_EXPIRED');
      const billing = (user as unknown as AuthContext).billing;
      // A billing-only session reaches the invoices, the checkout and the subscription page; elsewhere it is refused
      // with the expiry text, as its login was.
      if (billing && !reflector.getAllAndOverride<boolean>(BILLING_ACCESS, [context.getHandler(), context.getClass()])) {
        throw companyAccessError({ status: true, ...billing }, false) ?? appError('ERR_SESSION_EXPIRED');
      }
      const request = context.switchToHttp().getRequest<Request & Record<string, unknown>>();
      // A copy: the context may be cached across requests, the address is this request's.
      const withAddress = { ...(user as unknown as AuthContext), ip: clientIp(request) } as unknown as T;
      request[AUTH_CONTEXT_KEY] = withAddress;
      return withAddress;
    }
  }
  return new JwtAuthGuard();
}
