import type { ServiceWindow } from '../../../../src/shared/api-types';

/** Whether free text may go now: no window (other providers) or one that closes later. */
export function windowOpen(window: ServiceWindow | null, now: number): boolean {
  if (!window) return true;
  return window.closesAt !== null && Date.parse(window.closesAt) > now;
}

const two = (n: number) => String(n).padStart(2, '0');

/** `HH:mm` of the closing time, and `dd/MM` when it is not today (in the browser's time zone). */
export function closingLabel(closesAt: string, now: Date): { time: string; date: string | null } {
  const at = new Date(closesAt);
  const time = `${two(at.getHours())}:${two(at.getMinutes())}`;
  const sameDay = at.getFullYear() === now.getFullYear() && at.getMonth() === now.getMonth() && at.getDate() === now.getDate();
  return { time, date: sameDay ? null : `${two(at.getDate())}/${two(at.getMonth() + 1)}` };
}

/** The template's body as the customer will read it: {{n}} replaced by the typed values (empty ones left as they are). */
export function previewTemplate(body: string, values: readonly string[]): string {
  return body.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => values[Number(n) - 1]?.trim() || whole);
}
