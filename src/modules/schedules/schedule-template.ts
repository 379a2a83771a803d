import type { EntityManager } from '@mikro-orm/postgresql';
import type { OutgoingTemplateMessage } from '../../channels/channel-provider.js';
import { MessageTemplate } from '../message-templates/message-template.entity.js';
import { headerMediaKind, templateSendOf } from '../message-templates/template-variables.js';
import type { Schedule } from './schedule.entity.js';

/**
 * The schedule's template message as it goes out through `whatsappId` (values rendered by `render`), or an Error
 * whose message is the reason the schedule fails with: no template, another connection's, not approved (any more).
 */
export async function scheduleTemplateSend(
  em: EntityManager,
  schedule: Schedule,
  whatsappId: number,
  render: (text: string) => string,
): Promise<{ message: OutgoingTemplateMessage; body: string }> {
  const template = schedule.template ? await em.findOne(MessageTemplate, { id: schedule.template.id }) : null;
  if (!template || template.whatsapp.id !== whatsappId)
    throw new Error('ERR_CLOUD_TEMPLATE_REQUIRED: a WhatsApp Cloud API connection sends only an approved template of its own, and this schedule has none');
  if (template.status !== 'APPROVED') throw new Error(`ERR_CLOUD_TEMPLATE_NOT_APPROVED: template ${template.name} is ${template.status}`);
  if (headerMediaKind(template.headerFormat) && !schedule.templateHeaderMediaUrl)
    throw new Error(`ERR_CLOUD_TEMPLATE_HEADER_FILE: template ${template.name} shows a file in its header, and this schedule names none`);
  return templateSendOf(template, schedule.templateVariables.map(render), schedule.templateHeaderMediaUrl);
}
