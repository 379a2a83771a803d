// {{firstName}} {{name}} {{ms}} {{protocol}} {{hora}} in greetings, completion, out-of-hours, rating and agent texts;
// the spelling rules live in placeholders.ts (both `{key}` and `{{key}}`, Portuguese aliases).
import { firstNameOf, renderPlaceholders } from './placeholders.js';

export interface TemplateContext {
  name: string;
  number?: string | null;
  email?: string | null;
  protocol?: string | null;
  /** IANA zone of the company's clock (default America/Sao_Paulo). */
  timeZone?: string | null;
  now?: Date;
}

/** Building a formatter costs far more than using one: one per time zone, kept. */
const clocks = new Map<string, Intl.DateTimeFormat>();
const clockFor = (timeZone: string): Intl.DateTimeFormat => {
  let format = clocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    clocks.set(timeZone, format);
  }
  return format;
};

function clock(now: Date, timeZone: string): { hour: number; text: string } {
  const parts = clockFor(timeZone).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { hour: Number(get('hour')), text: `${get('hour')}:${get('minute')}:${get('second')}` };
}

/** Bom dia 06–11, Boa tarde 12–17, Boa noite 18–23, Boa madrugada 00–05. */
export function greetingFor(hour: number): string {
  if (hour >= 6 && hour < 12) return 'Bom dia';
  if (hour >= 12 && hour < 18) return 'Boa tarde';
  if (hour >= 18) return 'Boa noite';
  return 'Boa madrugada';
}

/** The clock variables of a moment in a zone: `ms` (greeting) and `hora` (HH:mm:ss). */
export function clockValues(now: Date, timeZone?: string | null): { ms: string; hora: string } {
  const { hour, text } = clock(now, timeZone || 'America/Sao_Paulo');
  return { ms: greetingFor(hour), hora: text };
}

export function renderTemplate(text: string, context: TemplateContext): string {
  const name = context.name.trim();
  return renderPlaceholders(text, {
    firstName: firstNameOf(name),
    name,
    number: context.number ?? '',
    email: context.email ?? '',
    protocol: context.protocol ?? '',
    ...clockValues(context.now ?? new Date(), context.timeZone),
  });
}
