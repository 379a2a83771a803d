import type { ScheduleResponse } from '../../shared/api-types.js';
import type { Schedule } from './schedule.entity.js';

export type { ScheduleResponse };

/** Expects contact, whatsapp and user populated. */
export function toScheduleResponse(schedule: Schedule): ScheduleResponse {
  const contact = schedule.contact.getEntity();
  const whatsapp = schedule.whatsapp?.isInitialized() ? schedule.whatsapp.getEntity() : null;
  const user = schedule.user?.isInitialized() ? schedule.user.getEntity() : null;
  return {
    id: schedule.id,
    body: schedule.body,
    sendAt: schedule.sendAt.toISOString(),
    sentAt: schedule.sentAt?.toISOString() ?? null,
    status: schedule.status,
    error: schedule.error,
    contactId: contact.id,
    contact: { id: contact.id, name: contact.name, number: contact.number },
    whatsappId: schedule.whatsapp?.id ?? null,
    whatsapp: whatsapp ? { id: whatsapp.id, name: whatsapp.name } : null,
    userId: schedule.user?.id ?? null,
    user: user ? { id: user.id, name: user.name } : null,
    ticketId: schedule.ticket?.id ?? null,
    templateId: schedule.template?.id ?? null,
    templateVariables: schedule.templateVariables ?? [],
    templateHeaderMediaUrl: schedule.templateHeaderMediaUrl ?? null,
    createdAt: schedule.createdAt.toISOString(),
    updatedAt: schedule.updatedAt.toISOString(),
  };
}
