import type { CloudTemplate, TemplateComponentDefinition } from '../../channels/cloud-api/cloud-api-types.js';

const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/** How many distinct {{…}} values a template's body takes (numbered or named alike). */
export function bodyVariableCount(components: readonly TemplateComponentDefinition[]): number {
  const text = components.find((c) => c.type === 'BODY')?.text ?? '';
  return new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1])).size;
}

/** The header's format when it is a file the send must name (IMAGE, VIDEO, DOCUMENT), its format otherwise. */
export function headerFormatOf(components: readonly TemplateComponentDefinition[]): string | null {
  return components.find((c) => c.type === 'HEADER')?.format ?? null;
}

/** The stored template as the Cloud API helpers read one. */
export function asCloudTemplate(template: {
  metaId: string;
  name: string;
  language: string;
  status: string;
  category: string;
  components: TemplateComponentDefinition[];
}): CloudTemplate {
  return {
    id: template.metaId,
    name: template.name,
    language: template.language,
    status: template.status as CloudTemplate['status'],
    category: template.category,
    components: template.components,
  };
}
