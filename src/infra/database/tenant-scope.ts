import type { EntityManager } from '@mikro-orm/postgresql';
import { TENANT_FILTER, type TenantFilterParams } from './tenant-filter.js';

/** Puts an entity manager in one company's scope (requests, jobs and socket handlers all go through here). */
export function scopeToCompany(em: EntityManager, companyId: number): EntityManager {
  em.setFilterParams(TENANT_FILTER, { companyId } satisfies TenantFilterParams);
  return em;
}

/** A fresh entity manager scoped to one company, for work outside an HTTP request. */
export function forkForCompany(em: EntityManager, companyId: number): EntityManager {
  return scopeToCompany(em.fork({ clear: true }), companyId);
}

/** Query options that lift the tenant filter. Only super-user and pre-authentication paths use this. */
export const ACROSS_TENANTS = { filters: { [TENANT_FILTER]: false } } as const;
