const MAX_DIGITS = 11;

/** Keeps the digits of a phone number, at most 11 (area code and number). */
export const phoneDigits = (input: string): string => input.replace(/\D/g, '').slice(0, MAX_DIGITS);

/** Shows phone digits with the mask (99) 99999-9999 as they are typed. */
export function maskPhone(digits: string | undefined): string {
  const value = phoneDigits(digits ?? '');
  if (value.length <= 2) return value.length ? `(${value}` : '';
  if (value.length <= 7) return `(${value.slice(0, 2)}) ${value.slice(2)}`;
  return `(${value.slice(0, 2)}) ${value.slice(2, 7)}-${value.slice(7)}`;
}
