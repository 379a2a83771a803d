import { addMonths, format, parseISO } from 'date-fns';
import { isoDay } from '../../../components/dayText';
import { dueDay } from '../../../dueDate';
import { formatPhone } from './formatPhone';
import { COMPANY_BILLING_FIELDS } from '../../../../../src/shared/api-types';
import { type BillingFormValues, type Company, type CompanyFormValues, type Recurrence, RECURRENCE_MONTHS } from './types';

function emptyBilling(): BillingFormValues {
  return Object.fromEntries(COMPANY_BILLING_FIELDS.map((key) => [key, ''])) as BillingFormValues;
}

export const NEW_COMPANY: CompanyFormValues = {
  name: '',
  email: '',
  phone: '',
  planId: '',
  status: 'true',
  campaignsEnabled: 'enabled',
  dueDate: '',
  recurrence: 'MENSAL',
  ...emptyBilling(),
};

/** The calendar day of a stored due date (one reading for every screen, see dueDate.ts). */
export { dueDay };

export function toFormValues(company: Company): CompanyFormValues {
  return {
    name: company.name,
    email: company.email ?? '',
    phone: formatPhone(company.phone),
    planId: company.planId ?? '',
    status: company.status ? 'true' : 'false',
    campaignsEnabled: company.campaignsEnabled ? 'enabled' : 'disabled',
    dueDate: dueDay(company.dueDate),
    recurrence: company.recurrence in RECURRENCE_MONTHS ? company.recurrence : 'MENSAL',
    ...Object.fromEntries(COMPANY_BILLING_FIELDS.map((key) => [key, company[key] ?? ''])),
  } as CompanyFormValues;
}

/** The POST/PUT /companies body; an empty or invalid due date is sent as null (administration §5). */
export function toPayload(values: CompanyFormValues) {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim() || null,
    planId: values.planId === '' ? null : Number(values.planId),
    status: values.status === 'true',
    campaignsEnabled: values.campaignsEnabled,
    dueDate: isoDay(values.dueDate) ?? null,
    recurrence: values.recurrence,
    // The billing data the checkout keeps; a cleared field is sent as null.
    ...Object.fromEntries(COMPANY_BILLING_FIELDS.map((key) => [key, values[key]?.trim() || null])),
  };
}

/** '+ Vencimento': the due date one recurrence period later; nothing without a due date. */
export function renewedDueDate(dueDate: string, recurrence: Recurrence): string | undefined {
  const day = isoDay(dueDate);
  if (!day) return undefined;
  return format(addMonths(parseISO(day), RECURRENCE_MONTHS[recurrence] ?? 1), 'yyyy-MM-dd');
}
