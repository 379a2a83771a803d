import { COMPANY_BILLING_FIELDS, type CompanyBilling } from '../../shared/api-types.js';
import type { Company } from './company.entity.js';

/** The company's billing data as the API answers it. */
export function toCompanyBilling(company: Company): CompanyBilling {
  return {
    billingName: company.billingName,
    addressZipCode: company.addressZipCode,
    addressStreet: company.addressStreet,
    addressState: company.addressState,
    addressCity: company.addressCity,
    addressDistrict: company.addressDistrict,
  };
}

/** Writes the billing fields a DTO carries: absent keeps the stored value, null or '' clears it. */
export function assignBillingFields(company: Company, dto: Partial<Record<keyof CompanyBilling, string | null | undefined>>): void {
  for (const key of COMPANY_BILLING_FIELDS) {
    const value = dto[key];
    if (value !== undefined) company[key] = value === null || value === '' ? null : value;
  }
}
