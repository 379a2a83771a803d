import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AuthContext } from '../../authorization/auth-context.js';

export const AUTH_CONTEXT_KEY = 'authContext';

/** The caller's AuthContext, set by the AuthGuard. */
export const Auth = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthContext => {
  const request = ctx.switchToHttp().getRequest<Record<string, unknown>>();
  return request[AUTH_CONTEXT_KEY] as AuthContext;
});
