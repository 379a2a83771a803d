import type { CloudTemplate, TemplateComponentDefinition } from '../../channels/cloud-api/cloud-api-types.js';
import { templateSlots } from '../../channels/cloud-api/template-slots.js';

/** How many values a send of the template takes: its header's, body's and URL buttons' placeholders. */
export function variableCount(components: readonly TemplateComponentDefinition[]): number {
  return templateSlots(components).length;
}

const HEADER_MEDIA: Record<string, 'image' | 'video' | 'document' | undefined> = { IMAGE: 'image', VIDEO: 'video', DOCUMENT: 'document' };

/** What a template's header shows when it is a file a send must name (its address), or null. */
export function headerMediaKind(headerFormat: string | null): 'image' | 'video' | 'document' | null {
  return HEADER_MEDIA[headerFormat ?? ''] ?? null;
}

/** Why a header file address does not fit the template (needed and missing, or given for a header without a file), or null. */
export function headerMediaProblem(template: { name: string; headerFormat: string | null }, url: string | null | undefined): string | null {
  const kind = headerMediaKind(template.headerFormat);
  if (kind && !url) return `template ${template.name} shows a file in its header: give its address`;
  if (!kind && url) return `template ${template.name} has no file in its header`;
  return null;
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
