import type { MessageTemplateResponse, ServiceWindow } from '../../../../src/shared/api-types';

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

type TemplateSlot = MessageTemplateResponse['slots'][number];

const FILE_HEADERS = new Set(['IMAGE', 'VIDEO', 'DOCUMENT']);

/** Whether a send of the template names a file for its header (an image, a video or a document). */
export const needsHeaderFile = (template: Pick<MessageTemplateResponse, 'headerFormat'> | null | undefined): boolean =>
  FILE_HEADERS.has(template?.headerFormat ?? '');

/**
 * The template as the customer will read it: its text header (bold) and body, each placeholder replaced by the value
 * typed for its slot (empty ones left as they are).
 */
export function previewTemplate(template: Pick<MessageTemplateResponse, 'body' | 'components' | 'slots'>, values: readonly string[]): string {
  const fill = (text: string, part: 'header' | 'body') =>
    text.replace(/\{\{\s*([^{}\s]+)\s*\}\}/g, (whole, name: string) => {
      const index = template.slots.findIndex((slot) => slot.part === part && slot.name === name);
      return (index >= 0 ? values[index]?.trim() : '') || whole;
    });
  const header = template.components.find((c) => c.type === 'HEADER' && c.format === 'TEXT')?.text;
  const body = fill(template.body, 'body');
  return header ? `*${fill(header, 'header')}*\n${body}` : body;
}

/** A value field's label: the body's {{name}} as `label` says it, the header's and a URL button's named as such. */
export function slotLabel(slot: TemplateSlot, label: (name: string) => string, translate: (key: string, options?: object) => string): string {
  if (slot.part === 'header') return translate('cloudTemplates.inHeader', { label: label(slot.name) });
  if (slot.part === 'button') return translate('cloudTemplates.inButton', { label: label(slot.name), n: (slot.button ?? 0) + 1 });
  return label(slot.name);
}
