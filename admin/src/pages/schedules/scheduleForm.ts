import { required, type Validator } from 'react-admin';
import { isoToLocal, localDateTime, localToIso } from './dateTimeText';
import type { Schedule, ScheduleContact, ScheduleFormValues } from './types';

/** Campaigns §9: submissions wait 400 ms. */
export const SUBMIT_DELAY_MS = 400;

/** What the dialog may start a new schedule with (a ticket offering to schedule for its contact, a calendar slot). */
export interface SchedulePreset {
  contact?: ScheduleContact;
  /** Local `yyyy-MM-ddTHH:mm`. */
  sendAt?: string;
}

/** A complete dd/MM/yyyy HH:mm that exists and lies ahead: the API refuses a send in the past. */
const futureDateTime: Validator = (value: unknown) => {
  if (typeof value !== 'string' || value === '') return undefined;
  const date = localDateTime(value);
  if (!date) return 'scheduledMessages.form.invalidDateTime';
  return date.getTime() > Date.now() ? undefined : 'scheduledMessages.form.sendAtPast';
};

/** A message of blanks is no message. */
const notBlank: Validator = (value: unknown) => (typeof value === 'string' && value.trim() === '' && value !== '' ? 'validation.required' : undefined);

export const sendAtRules: Validator[] = [required('validation.required'), futureDateTime];
export const bodyRules: Validator[] = [required('validation.required'), notBlank];

export const newSchedule = (preset?: SchedulePreset): ScheduleFormValues => ({
  contactId: preset?.contact?.id ?? null,
  whatsappId: '',
  sendAt: preset?.sendAt ?? '',
  body: '',
  templateId: null,
  templateVariables: [],
  templateHeaderMediaUrl: null,
});

export const toFormValues = (schedule: Schedule): ScheduleFormValues => ({
  contactId: schedule.contactId ?? schedule.contact?.id ?? null,
  whatsappId: schedule.whatsappId ?? '',
  sendAt: isoToLocal(schedule.sendAt),
  body: schedule.body,
  templateId: schedule.templateId ?? null,
  templateVariables: schedule.templateVariables ?? [],
  templateHeaderMediaUrl: schedule.templateHeaderMediaUrl ?? null,
});

/** The POST/PUT /schedules body; no connection means the company's default one. */
export function toPayload(values: ScheduleFormValues) {
  const whatsappId = values.whatsappId === '' || values.whatsappId === null || values.whatsappId === undefined ? null : Number(values.whatsappId);
  return {
    body: values.body.trim(),
    sendAt: localToIso(values.sendAt),
    contactId: values.contactId,
    whatsappId,
    // Kept by the server only when the connection is a WhatsApp Cloud API one.
    templateId: values.templateId || null,
    templateVariables: values.templateVariables ?? [],
    templateHeaderMediaUrl: values.templateId && values.templateHeaderMediaUrl?.trim() ? values.templateHeaderMediaUrl.trim() : null,
  };
}
