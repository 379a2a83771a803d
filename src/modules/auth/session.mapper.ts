import { toPlanSummary, type PlanSummary } from '../plans/plan.mapper.js';
import type { Company } from '../companies/company.entity.js';
import type { Setting } from '../settings/setting.entity.js';
import { toUserResponse, type UserResponse } from '../users/user.mapper.js';
import type { User } from '../users/user.entity.js';
import { dueDayIso } from '../../shared/due-date.js';

export interface SessionCompany {
  id: number;
  name: string;
  dueDate: string | null;
  /** The zone where the due day ends (the browser counts the days left there). */
  timezone: string;
  status: boolean;
  plan: PlanSummary | null;
  settings: Array<{ key: string; value: string }>;
}

export type SessionUser = UserResponse & { company: SessionCompany };

export function toSessionCompany(company: Company, settings: Array<{ key: string; value: string }>): SessionCompany {
  return {
    id: company.id,
    name: company.name,
    dueDate: dueDayIso(company.dueDate),
    timezone: company.timezone,
    status: company.status,
    plan: company.plan?.isInitialized() ? toPlanSummary(company.plan.getEntity()) : null,
    settings,
  };
}

/** The user as the browser keeps it after login: with company, plan flags, due date and settings. */
export function toSessionUser(user: User, company: Company, settings: Setting[] | Array<{ key: string; value: string }>): SessionUser {
  return {
    ...toUserResponse(user),
    company: toSessionCompany(
      company,
      settings.map((s) => ({ key: s.key, value: s.value })),
    ),
  };
}
