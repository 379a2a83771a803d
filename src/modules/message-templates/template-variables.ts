import type { OutgoingTemplateMessage } from '../../channels/channel-provider.js';
import type { CloudTemplate, TemplateComponentDefinition } from '../../channels/cloud-api/cloud-api-types.js';
import { renderTemplateText, templateParams, templateSlots } from '../../channels/cloud-api/template-slots.js';

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

/**
 * A send of the template: the message the provider gets (the values by slot, the header's file when it shows one and
 * an address is given) and the text the customer reads, kept as the message's body. Values that do not fit its slots
 * throw ERR_VALIDATION.
 */
export function templateSendOf(
  template: {
    name: string;
    language: string;
    metaId: string;
    status: string;
    category: string;
    components: TemplateComponentDefinition[];
    headerFormat: string | null;
  },
  values: readonly string[],
  headerMediaUrl?: string | null,
): { message: OutgoingTemplateMessage; body: string } {
  const cloud = asCloudTemplate(template);
  const params = templateParams(cloud, values);
  const kind = headerMediaKind(template.headerFormat);
  return {
    message: { name: template.name, language: template.language, params, ...(kind && headerMediaUrl ? { headerMedia: { kind, link: headerMediaUrl } } : {}) },
    body: renderTemplateText(cloud.components, params) || template.name,
  };
}
