import { format, isValid, parse } from 'date-fns';

/** The form keeps a complete date-time as a local `yyyy-MM-ddTHH:mm` (what a datetime-local input speaks). */
export const LOCAL_DATE_TIME = "yyyy-MM-dd'T'HH:mm";
const TYPED = 'dd/MM/yyyy HH:mm';
const LOCAL_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** A local `yyyy-MM-ddTHH:mm` that exists, as a Date; undefined for anything else (text being typed). */
export function localDateTime(value: string | null | undefined): Date | undefined {
  if (!value || !LOCAL_PATTERN.test(value)) return undefined;
  const date = parse(value, LOCAL_DATE_TIME, new Date());
  // date-fns parses 31/02 as invalid, so what comes back is the day that was typed.
  return isValid(date) ? date : undefined;
}

/** Shapes what was typed as dd/MM/yyyy HH:mm (digits only, at most twelve). */
export function maskDateTime(text: string): string {
  const digits = (text ?? '').replace(/\D/g, '').slice(0, 12);
  const day = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter(Boolean).join('/');
  const time = [digits.slice(8, 10), digits.slice(10, 12)].filter(Boolean).join(':');
  return time ? `${day} ${time}` : day;
}

/** Typed text as the form's local date-time once complete and existing; until then the masked text. */
export function parseDateTimeText(text: string): string {
  const masked = maskDateTime(text);
  if (masked.length !== TYPED.length) return masked;
  const date = parse(masked, TYPED, new Date());
  return isValid(date) && format(date, TYPED) === masked ? format(date, LOCAL_DATE_TIME) : masked;
}

/** The form's local date-time as dd/MM/yyyy HH:mm; text being typed shows as it is. */
export function formatDateTimeText(value: string | null | undefined): string {
  const date = localDateTime(value);
  return date ? format(date, TYPED) : (value ?? '');
}

/** An ISO instant from the API as the form's local date-time. */
export function isoToLocal(iso: string): string {
  const date = new Date(iso);
  return isValid(date) ? format(date, LOCAL_DATE_TIME) : '';
}

/** The form's local date-time as the ISO instant the API takes. */
export function localToIso(value: string): string | undefined {
  return localDateTime(value)?.toISOString();
}

/** An ISO instant as dd/MM/yyyy HH:mm, for read-only texts. */
export function formatInstant(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : undefined;
  return date && isValid(date) ? format(date, TYPED) : '';
}
