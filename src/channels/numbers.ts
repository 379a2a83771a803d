/** Digits only: country + area + number (masks, spaces and a leading + removed). */
export function normaliseNumber(raw: string): string {
  return raw.replace(/\D/g, '');
}

export const jidFor = (number: string, isGroup = false): string => `${number}@${isGroup ? 'g.us' : 's.whatsapp.net'}`;

/** Brazilian mobiles exist with and without the ninth digit; WhatsApp knows one of the two. */
export function brazilianVariants(number: string): string[] {
  const digits = normaliseNumber(number);
  if (!digits.startsWith('55')) return [digits];
  const area = digits.slice(2, 4);
  const local = digits.slice(4);
  if (local.length === 9 && local.startsWith('9')) return [digits, `55${area}${local.slice(1)}`];
  if (local.length === 8 && /^[6-9]/.test(local)) return [digits, `55${area}9${local}`];
  return [digits];
}
