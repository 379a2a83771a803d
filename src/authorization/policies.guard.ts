import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ANY_USER, IS_PUBLIC, POLICY, type PolicyRequirement } from '../common/decorators/access.decorators.js';
import { AUTH_CONTEXT_KEY } from './auth.decorator.js';
import { forbidden } from '../common/errors/app-error.js';
import type { AuthContext } from './auth-context.js';

/** Route-level CASL check. A handler that declares no policy at all is refused. */
@Injectable()
export class PoliciesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const auth = context.switchToHttp().getRequest<Record<string, unknown>>()[AUTH_CONTEXT_KEY] as AuthContext | undefined;
    if (!auth) throw forbidden();
    const policy = this.reflector.getAllAndOverride<PolicyRequirement | undefined>(POLICY, targets);
    if (policy) {
      if (!auth.ability.can(policy.action, policy.subject)) throw forbidden();
      return true;
    }
    if (this.reflector.getAllAndOverride<boolean>(ANY_USER, targets)) return true;
    throw forbidden();
  }
}
