import { SetMetadata } from '@nestjs/common';
import type { PlanFlag } from '../../shared/plan-flags.js';
import type { Action, Subject } from '../../shared/permissions.js';

export const IS_PUBLIC = 'access:public';
export const POLICY = 'access:policy';
export const ANY_USER = 'access:any-user';
export const PLAN_FLAG = 'access:plan-flag';
export const BILLING_ACCESS = 'access:billing';

export interface PolicyRequirement {
  action: Action;
  subject: Subject;
}

/** No authentication at all (login, signup, public plan list, health). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** Any authenticated user of an active company; record-level checks happen in the service. */
export const AnyUser = () => SetMetadata(ANY_USER, true);

/** The CASL rule the caller must hold for this route. */
export const Policy = (action: Action, subject: Subject) => SetMetadata(POLICY, { action, subject } satisfies PolicyRequirement);

/** The plan module flag this route belongs to. */
export const RequiresPlan = (flag: PlanFlag) => SetMetadata(PLAN_FLAG, flag);

/** Also open to a billing-only session (an expired company's admin renewing): invoices, checkout, subscription. */
export const BillingAccess = () => SetMetadata(BILLING_ACCESS, true);
