import { appError } from '../../common/errors/app-error.js';
import type { TemplateParams } from '../channel-provider.js';
import type { TemplateComponentDefinition } from './cloud-api-types.js';

export type { TemplateParams };

const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/**
 * One value a template send must carry, in the order sends list them: the header's text placeholder, the body's
 * placeholders (numbered ones by number, named ones as they first appear), then each URL button's suffix.
 */
export type TemplateSlot = { part: 'header' | 'body'; name: string } | { part: 'button'; name: string; button: number };

export const NO_TEMPLATE_PARAMS: TemplateParams = { header: [], body: [], buttons: [] };

/** A numbered placeholder ({{1}}) goes by position; any other name ({{first_name}}) is sent with parameter_name. */
export const isPositional = (name: string): boolean => /^\d+$/.test(name);

function placeholders(text: string | undefined): string[] {
  const names = [...new Set([...(text ?? '').matchAll(PLACEHOLDER)].map((m) => m[1]!))];
  return names.every(isPositional) ? names.sort((a, b) => Number(a) - Number(b)) : names;
}

export function templateSlots(components: readonly TemplateComponentDefinition[]): TemplateSlot[] {
  const slots: TemplateSlot[] = [];
  const header = components.find((c) => c.type === 'HEADER');
  if (header?.format === 'TEXT') for (const name of placeholders(header.text)) slots.push({ part: 'header', name });
  for (const name of placeholders(components.find((c) => c.type === 'BODY')?.text)) slots.push({ part: 'body', name });
  const buttons = components.find((c) => c.type === 'BUTTONS')?.buttons ?? [];
  buttons.forEach((button, index) => {
    if (button.type === 'URL' && placeholders(button.url).length) slots.push({ part: 'button', name: '1', button: index });
  });
  return slots;
}

/**
 * A send's values, one per slot in order (extra values are left out). Meta refuses a value with line breaks, tabs or
 * more than four spaces in a row, so those become single spaces; an empty one is refused here.
 */
export function templateParams(template: { name: string; components: readonly TemplateComponentDefinition[] }, values: readonly string[]): TemplateParams {
  const slots = templateSlots(template.components);
  if (values.length < slots.length) throw appError('ERR_VALIDATION', `Template ${template.name} needs ${slots.length} values, got ${values.length}`);
  const params: TemplateParams = { header: [], body: [], buttons: [] };
  slots.forEach((slot, index) => {
    const text = values[index]!.replace(/[\r\n\t]+/g, ' ')
      .replace(/ {4,}/g, ' ')
      .trim();
    if (text === '') throw appError('ERR_VALIDATION', `Value {{${slot.name}}} of template ${template.name} is empty`);
    if (slot.part === 'button') params.buttons.push({ index: slot.button, text });
    else params[slot.part].push({ name: slot.name, text });
  });
  return params;
}

/** The header (when it is text) and the body as the customer reads them, for the conversation's own copy. */
export function renderTemplateText(components: readonly TemplateComponentDefinition[], params: TemplateParams): string {
  const fill = (text: string, values: TemplateParams['body']) =>
    text.replace(PLACEHOLDER, (whole, name: string) => values.find((v) => v.name === name)?.text ?? whole);
  const header = components.find((c) => c.type === 'HEADER');
  const body = fill(components.find((c) => c.type === 'BODY')?.text ?? '', params.body);
  return header?.format === 'TEXT' && header.text ? `*${fill(header.text, params.header)}*\n${body}` : body;
}
