import { addMonths, format, isValid, parseISO } from 'date-fns';
import { isoDay } from '../../../components/dayText';
import { formatPhone } from './formatPhone';
import { type Company, type CompanyFormValues, type Recurrence, RECURRENCE_MONTHS } from './types';

export const NEW_COMPANY: CompanyFormValues = {
  name: '',
  email: '',
  phone: '',
  planId: '',
  status: 'true',
  campaignsEnabled: 'enabled',
  dueDate: '',
  recurrence: 'MENSAL',
};

/**
 * The calendar day of a stored due date. The form saves days as UTC midnight, so the UTC day is the one that
 * was chosen, whatever the browser's time zone.
 */
export function dueDay(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : undefined;
  return date && isValid(date) ? date.toISOString().slice(0, 10) : '';
}

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
  };
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
  };
}

/** '+ Vencimento': the due date one recurrence period later; nothing without a due date. */
export function renewedDueDate(dueDate: string, recurrence: Recurrence): string | undefined {
  const day = isoDay(dueDate);
  if (!day) return undefined;
  return format(addMonths(parseISO(day), RECURRENCE_MONTHS[recurrence] ?? 1), 'yyyy-MM-dd');
}
