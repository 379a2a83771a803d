import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AnyUser, Policy, Public, RequiresPlan } from '../common/decorators/access.decorators.js';
import { AUTH_CONTEXT_KEY } from './auth.decorator.js';
import { AppError } from '../common/errors/app-error.js';
import { abilityFor } from '../shared/permissions.js';
import type { AuthContext } from './auth-context.js';
import { PlanGuard } from './plan.guard.js';
import { PoliciesGuard } from './policies.guard.js';

class Routes {
  @Public() open(): void {}
  @AnyUser() anyone(): void {}
  @Policy('create', 'User') createUser(): void {}
  @Policy('read', 'User') @RequiresPlan('useKanban') kanban(): void {}
  undeclared(): void {}
}

function contextFor(handler: keyof Routes, auth?: Partial<AuthContext>): ExecutionContext {
  const request = { [AUTH_CONTEXT_KEY]: auth };
  return {
    getType: () => 'http',
    getHandler: () => Routes.prototype[handler],
    getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
}

const userCtx: Partial<AuthContext> = { userId: 1, profile: 'user', ability: abilityFor({ id: 1, profile: 'user', super: false }), plan: {} };
const adminCtx: Partial<AuthContext> = {
  userId: 2,
  profile: 'admin',
  ability: abilityFor({ id: 2, profile: 'admin', super: false }),
  plan: { useKanban: false },
};

const refused = (fn: () => unknown, code: string) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(code);
    return;
  }
  throw new Error('expected a refusal');
};

describe('PoliciesGuard', () => {
  const guard = new PoliciesGuard(new Reflector());

  it('lets public and any-user routes through', () => {
    expect(guard.canActivate(contextFor('open'))).toBe(true);
    expect(guard.canActivate(contextFor('anyone', userCtx))).toBe(true);
  });

  it('checks the declared policy', () => {
    expect(guard.canActivate(contextFor('createUser', adminCtx))).toBe(true);
    refused(() => guard.canActivate(contextFor('createUser', userCtx)), 'ERR_NO_PERMISSION');
  });

  it('refuses a handler that declares nothing', () => {
    refused(() => guard.canActivate(contextFor('undeclared', adminCtx)), 'ERR_NO_PERMISSION');
  });
});

describe('PlanGuard', () => {
  const guard = new PlanGuard(new Reflector());

  it('counts a flag as enabled unless it is exactly false', () => {
    expect(guard.canActivate(contextFor('kanban', userCtx))).toBe(true);
    expect(guard.canActivate(contextFor('kanban', { ...userCtx, plan: { useKanban: null } }))).toBe(true);
    refused(() => guard.canActivate(contextFor('kanban', adminCtx)), 'ERR_NO_PERMISSION');
  });

  it('ignores routes without a plan flag', () => {
    expect(guard.canActivate(contextFor('createUser', adminCtx))).toBe(true);
  });
});
