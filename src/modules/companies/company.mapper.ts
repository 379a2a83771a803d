import type { ScheduleEntry } from '../../shared/schedules.js';
import type { Company, Recurrence } from './company.entity.js';

export interface CompanyFields {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  status: boolean;
  dueDate: string | null;
  recurrence: Recurrence;
  planId: number | null;
}

export interface CompanyResponse extends CompanyFields {
  plan: { id: number; name: string } | null;
  schedules: ScheduleEntry[];
  timezone: string;
  createdAt: string;
  campaignsEnabled: boolean;
}

export function toCompanyFields(company: Company): CompanyFields {
  return {
    id: company.id,
    name: company.name,
    email: company.email,
    phone: company.phone,
    status: company.status,
    dueDate: company.dueDate?.toISOString() ?? null,
    recurrence: company.recurrence,
    planId: company.plan?.id ?? null,
  };
}

/** Expects `plan` to be loaded; the campaigns flag lives in a setting, so the caller passes it in. */
export function toCompanyResponse(company: Company, campaignsEnabled: boolean): CompanyResponse {
  const plan = company.plan?.isInitialized() ? company.plan.getEntity() : null;
  return {
    ...toCompanyFields(company),
    plan: plan ? { id: plan.id, name: plan.name } : null,
    schedules: company.schedules ?? [],
    timezone: company.timezone,
    createdAt: company.createdAt.toISOString(),
    campaignsEnabled,
  };
}
