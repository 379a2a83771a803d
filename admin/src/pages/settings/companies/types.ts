import type { CompanyBilling, CompanyResponse } from '../../../../../src/shared/api-types';

/** Months a renewal ('+ Vencimento') adds, per recurrence (administration §4). */
export const RECURRENCE_MONTHS = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 } as const;
export type Recurrence = keyof typeof RECURRENCE_MONTHS;

/** A company as GET /companies/list answers it. */
export type Company = CompanyResponse;

/** The Empresas form; selects hold strings, the payload turns them into what the API expects. */
/** The billing data as the form holds it: '' for none. */
export type BillingFormValues = { [K in keyof CompanyBilling]: string };

export interface CompanyFormValues extends BillingFormValues {
  name: string;
  email: string;
  phone: string;
  planId: number | '';
  status: 'true' | 'false';
  campaignsEnabled: 'enabled' | 'disabled';
  /** yyyy-MM-dd, or '' for none. */
  dueDate: string;
  recurrence: Recurrence;
}
