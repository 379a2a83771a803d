import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { AUTH_CONTEXT_KEY } from '../common/request-keys.js';
import type { AuthContext } from './auth-context.js';

export { AUTH_CONTEXT_KEY };

/** The caller's AuthContext, set by the AuthGuard. */
export const Auth = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthContext => {
  const request = ctx.switchToHttp().getRequest<Record<string, unknown>>();
  return request[AUTH_CONTEXT_KEY] as AuthContext;
});
