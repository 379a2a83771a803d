// The one placeholder language of every text sent to a contact (campaigns, quick replies, schedules, greetings,
// queue and connection texts). Both spellings are read everywhere: `{{key}}` (greetings' historical form) and
// `{key}` (campaigns' historical form), with the Portuguese names as aliases, so `{nome}` and `{{name}}` agree.

/** Every variable a text may use, in the order the picker shows them. */
export const PLACEHOLDER_KEYS = ['firstName', 'name', 'number', 'email', 'ms', 'protocol', 'hora'] as const;
export type PlaceholderKey = (typeof PLACEHOLDER_KEYS)[number];

/** Other spellings accepted for the same variables. */
export const PLACEHOLDER_ALIASES: Readonly<Record<string, PlaceholderKey>> = {
  primeiroNome: 'firstName',
  nome: 'name',
  numero: 'number',
  número: 'number',
  saudacao: 'ms',
  saudação: 'ms',
  protocolo: 'protocol',
};

/** The variables of texts sent inside a ticket (no number or e-mail needed there). */
export const TICKET_PLACEHOLDERS: readonly PlaceholderKey[] = ['firstName', 'name', 'ms', 'protocol', 'hora'];
/** The variables of campaign messages, which have no ticket (hence no protocol). */
export const CAMPAIGN_PLACEHOLDERS: readonly PlaceholderKey[] = ['firstName', 'name', 'number', 'email', 'ms', 'hora'];

/** How the picker writes a variable. */
export const placeholderToken = (key: string): string => `{{${key}}}`;

const TOKEN = /\{\{\s*([\p{L}\p{N}_-]+)\s*\}\}|\{([\p{L}\p{N}_-]+)\}/gu;

/**
 * Replaces every known variable, in either spelling; unknown names stay as typed. `values` holds the canonical keys
 * and any extra ones (campaign variables); extras win over nothing but never over a canonical key's alias.
 */
export function renderPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(TOKEN, (whole, double: string | undefined, single: string | undefined) => {
    const key = double ?? single ?? '';
    const canonical = PLACEHOLDER_ALIASES[key] ?? key;
    const value = Object.hasOwn(values, canonical) ? values[canonical] : Object.hasOwn(values, key) ? values[key] : undefined;
    return value ?? whole;
  });
}

/** The first word of a name. */
export const firstNameOf = (name: string): string => name.trim().split(/\s+/)[0] ?? '';
