import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { PLAN_FLAG } from '../common/decorators/access.decorators.js';
import { AUTH_CONTEXT_KEY } from './auth.decorator.js';
import { forbidden } from '../common/errors/app-error.js';
import { isPlanFlagEnabled, type PlanFlag } from '../shared/plan-flags.js';
import type { AuthContext } from './auth-context.js';

/** Plan module flags are enforced by the API, not only hidden in the menu. */
@Injectable()
export class PlanGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const flag = this.reflector.getAllAndOverride<PlanFlag | undefined>(PLAN_FLAG, [context.getHandler(), context.getClass()]);
    if (!flag) return true;
    const auth = context.switchToHttp().getRequest<Record<string, unknown>>()[AUTH_CONTEXT_KEY] as AuthContext | undefined;
    if (!auth || !isPlanFlagEnabled(auth.plan, flag)) throw forbidden();
    return true;
  }
}
