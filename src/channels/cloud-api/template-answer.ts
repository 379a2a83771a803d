import type { CloudTemplate, TemplateComponentDefinition } from './cloud-api-types.js';
import { arrayAt, idAt, isObject, type Json, objectAt, textAt } from './payload-reader.js';

// Reads one template of GET /{waba-id}/message_templates, keeping what sending needs: status, header format, body text.

/** Meta's largest page of templates; a page with more elements is refused. */
export const MAX_TEMPLATE_PAGE = 100;
const MAX_COMPONENTS = 20;

const COMPONENT_TYPES = new Set(['HEADER', 'BODY', 'FOOTER', 'BUTTONS']);

function componentOf(raw: Json): TemplateComponentDefinition | null {
  const type = typeof raw.type === 'string' ? raw.type.toUpperCase() : '';
  if (!COMPONENT_TYPES.has(type)) return null;
  const buttons = Array.isArray(raw.buttons)
    ? raw.buttons
        .slice(0, 10)
        .filter(isObject)
        .map((b) => {
          // A URL button's address may end in a {{1}} the send fills in.
          const url = textAt(b.url, 2000);
          return { type: (textAt(b.type, 32) ?? '').toUpperCase(), text: textAt(b.text, 256) ?? '', ...(url ? { url } : {}) };
        })
    : undefined;
  return {
    type: type as TemplateComponentDefinition['type'],
    ...(typeof raw.format === 'string' ? { format: raw.format.toUpperCase() as TemplateComponentDefinition['format'] } : {}),
    ...(typeof raw.text === 'string' ? { text: raw.text.slice(0, 4096) } : {}),
    ...(buttons ? { buttons } : {}),
  };
}

/** One element of `data[]`; components of unknown types are left out. */
export function templateOf(raw: unknown, path: string): CloudTemplate {
  const t = objectAt(raw, path);
  const components = arrayAt(t.components, `${path}.components`, MAX_COMPONENTS)
    .filter(isObject)
    .map(componentOf)
    .filter((c): c is TemplateComponentDefinition => c !== null);
  return {
    id: idAt(t.id, `${path}.id`, 64),
    name: idAt(t.name, `${path}.name`, 512),
    language: idAt(t.language, `${path}.language`, 32),
    status: idAt(t.status, `${path}.status`, 32) as CloudTemplate['status'],
    category: textAt(t.category, 64) ?? '',
    components,
    ...(t.parameter_format === 'NAMED' || t.parameter_format === 'POSITIONAL' ? { parameter_format: t.parameter_format } : {}),
  };
}
