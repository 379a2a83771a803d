/** Stored phone digits as (99) 99999-9999 or (99) 9999-9999 when national; anything else as stored. */
export function formatPhone(digits: string | null | undefined): string {
  const value = digits ?? '';
  if (!/^\d{10,11}$/.test(value)) return value;
  const split = value.length - 4;
  return `(${value.slice(0, 2)}) ${value.slice(2, split)}-${value.slice(split)}`;
}
