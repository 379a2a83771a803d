import type { MessageTemplateResponse } from '../../shared/api-types.js';
import { templateSlots } from '../../channels/cloud-api/template-slots.js';
import type { MessageTemplate } from './message-template.entity.js';

export type { MessageTemplateResponse };

export function toMessageTemplateResponse(template: MessageTemplate): MessageTemplateResponse {
  return {
    id: template.id,
    whatsappId: template.whatsapp.id,
    metaId: template.metaId,
    name: template.name,
    language: template.language,
    category: template.category,
    status: template.status,
    variables: template.variables,
    slots: templateSlots(template.components),
    headerFormat: template.headerFormat,
    body: template.components.find((c) => c.type === 'BODY')?.text ?? '',
    components: template.components.map((c) => ({ type: c.type, ...(c.format ? { format: c.format } : {}), ...(c.text ? { text: c.text } : {}) })),
    syncedAt: template.syncedAt.toISOString(),
  };
}
