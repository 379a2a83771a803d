import type { CloudTemplate, TemplateComponentDefinition } from '../../channels/cloud-api/cloud-api-types.js';
import { templateSlots } from '../../channels/cloud-api/template-slots.js';

/** How many values a send of the template takes: its header's, body's and URL buttons' placeholders. */
export function variableCount(components: readonly TemplateComponentDefinition[]): number {
  return templateSlots(components).length;
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
