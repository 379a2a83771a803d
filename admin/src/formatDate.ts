import { format, isValid, parseISO } from 'date-fns';

/** An ISO date as dd/MM/yyyy, or an empty text when absent. */
export function formatDate(iso: string | null | undefined): string {
  const date = iso ? parseISO(iso) : undefined;
  return date && isValid(date) ? format(date, 'dd/MM/yyyy') : '';
}
