import { toCompanyBilling } from './billing-fields.js';
import type { Company } from './company.entity.js';
import type { CompanyFields, CompanyResponse } from '../../shared/api-types.js';
import { dueDayIso } from '../../shared/due-date.js';

/** Declared once in src/shared/api-types.ts, where the browser reads them too. */
export type { CompanyFields, CompanyResponse };

export function toCompanyFields(company: Company): CompanyFields {
  return {
    id: company.id,
    name: company.name,
    email: company.email,
    phone: company.phone,
    status: company.status,
    dueDate: dueDayIso(company.dueDate),
    recurrence: company.recurrence,
    planId: company.plan?.id ?? null,
  };
}

/** Expects `plan` to be loaded; the campaigns flag lives in a setting, so the caller passes it in. */
export function toCompanyResponse(company: Company, campaignsEnabled: boolean): CompanyResponse {
  const plan = company.plan?.isInitialized() ? company.plan.getEntity() : null;
  return {
    ...toCompanyFields(company),
    ...toCompanyBilling(company),
    plan: plan ? { id: plan.id, name: plan.name } : null,
    schedules: company.schedules ?? [],
    timezone: company.timezone,
    createdAt: company.createdAt.toISOString(),
    campaignsEnabled,
  };
}
