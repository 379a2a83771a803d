import { isValid, parseISO } from 'date-fns';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A yyyy-MM-dd day that exists, or undefined. */
export function isoDay(value: string | null | undefined): string | undefined {
  return value && ISO_DAY.test(value) && isValid(parseISO(value)) ? value : undefined;
}

/** Shapes what was typed as dd/MM/yyyy (digits only, at most eight). */
export function maskDay(text: string): string {
  const digits = (text ?? '').replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
}

/** A typed dd/MM/yyyy as the yyyy-MM-dd the form keeps; an incomplete or impossible day stays masked text. */
export function parseDayText(text: string): string {
  const masked = maskDay(text);
  const [day, month, year] = masked.split('/');
  return (year?.length === 4 && isoDay(`${year}-${month}-${day}`)) || masked;
}

/** The form's yyyy-MM-dd as dd/MM/yyyy; text being typed shows as it is. */
export function formatDayText(value: string | null | undefined): string {
  const day = isoDay(value);
  if (!day) return value ?? '';
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}
