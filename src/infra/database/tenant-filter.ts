import type { FilterDef } from '@mikro-orm/core';

export const TENANT_FILTER = 'tenant';

export interface TenantFilterParams {
  companyId: number;
}

export class TenantScopeMissingError extends Error {
  constructor(entityName?: string) {
    super(`Tenant scope missing while querying ${entityName ?? 'a tenant-owned entity'}`);
  }
}

/**
 * On by default and fails closed: a query on a tenant-owned entity without a company in scope throws
 * instead of reading every company's rows. Super-user paths pass `filters: { tenant: false }` explicitly.
 */
export const tenantFilter: FilterDef = {
  name: TENANT_FILTER,
  default: true,
  cond: (args: Partial<TenantFilterParams> | undefined, _type: unknown, _em: unknown, _options: unknown, entityName?: string) => {
    if (!args || typeof args.companyId !== 'number') throw new TenantScopeMissingError(entityName);
    return { company: args.companyId };
  },
};
