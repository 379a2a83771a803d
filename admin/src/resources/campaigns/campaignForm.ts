import { format, isValid, parse } from 'date-fns';
import type { Validator } from 'react-admin';
import { nameRules } from '../../validation';
import { type Campaign, type CampaignFormValues, type MessageField, VARIANTS } from './types';

/** campaigns §5: name required, 2 to 50 characters. */
export const campaignNameRules = nameRules;

const LOCAL_INPUT = "yyyy-MM-dd'T'HH:mm";
/** campaigns §7: the date format sent for campaign dates. */
const API_DATE_TIME = 'yyyy-MM-dd HH:mm:ss';

export const MESSAGE_FIELDS: MessageField[] = VARIANTS.map((n) => `message${n}` as const);
export const CONFIRMATION_FIELDS: MessageField[] = VARIANTS.map((n) => `confirmationMessage${n}` as const);

/** The schedule is optional; typed, it must be a whole dd/MM/yyyy HH:mm that exists. */
export const scheduledAtRules: Validator[] = [
  (value: unknown) => (typeof value !== 'string' || value === '' || toApiDateTime(value) ? undefined : 'scheduledMessages.form.invalidDateTime'),
  // A past time would send at once without a word: the user leaves it empty and uses "Enviar agora" instead.
  (value: unknown) => (typeof value === 'string' && isPastSchedule(value) ? 'campaignTools.schedulePast' : undefined),
];

/** A typed schedule before now (a minute's grace for the time spent typing it). */
export function isPastSchedule(local: string, now = Date.now()): boolean {
  if (!local) return false;
  const date = parse(local, LOCAL_INPUT, new Date());
  return isValid(date) && date.getTime() < now - 60_000;
}

/** A datetime-local value (`yyyy-MM-ddTHH:mm`) as the API's `YYYY-MM-DD HH:mm:ss`; null when empty or not a date. */
export function toApiDateTime(local: string | null | undefined): string | null {
  if (!local) return null;
  const date = parse(local, LOCAL_INPUT, new Date());
  return isValid(date) ? format(date, API_DATE_TIME) : null;
}

/** An ISO instant from the API as a datetime-local value in the browser's zone; empty when absent. */
export function toLocalInput(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : undefined;
  return date && isValid(date) ? format(date, LOCAL_INPUT) : '';
}

/** An ISO instant as dd/MM/yyyy HH:mm for the table and the report; empty when absent. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : undefined;
  return date && isValid(date) ? format(date, 'dd/MM/yyyy HH:mm') : '';
}

const emptyMessages = () => Object.fromEntries([...MESSAGE_FIELDS, ...CONFIRMATION_FIELDS].map((field) => [field, ''])) as Record<MessageField, string>;

/** A new campaign: no schedule, no confirmation, sent to a contact list. */
export const NEW_CAMPAIGN: CampaignFormValues = {
  ...emptyMessages(),
  name: '',
  confirmation: false,
  scheduledAt: '',
  whatsappId: null,
  audience: 'contactList',
  contactListId: null,
  tagListId: null,
  fileListId: null,
  templates: [],
};

export function toFormValues(record: Campaign): CampaignFormValues {
  const messages = emptyMessages();
  for (const field of [...MESSAGE_FIELDS, ...CONFIRMATION_FIELDS]) messages[field] = record[field] ?? '';
  return {
    ...messages,
    name: record.name,
    confirmation: Boolean(record.confirmation),
    scheduledAt: toLocalInput(record.scheduledAt),
    whatsappId: record.whatsappId,
    audience: record.tagListId !== null && record.contactListId === null ? 'tag' : 'contactList',
    contactListId: record.contactListId,
    tagListId: record.tagListId,
    fileListId: record.fileListId,
    templates: record.templates ?? [],
  };
}

const idOrNull = (value: unknown): number | null => (value === null || value === undefined || value === '' ? null : Number(value));

/** The templates chosen (a variant whose picker was left empty has none); the server keeps them only on Cloud API connections. */
const templatesOf = (values: CampaignFormValues) => (values.templates ?? []).filter((choice) => choice.templateId > 0);

/** The five messages, five confirmation texts and the templates: the whole body of a cancelled campaign's edit. */
export function toMessagesPayload(values: CampaignFormValues) {
  const messages = Object.fromEntries([...MESSAGE_FIELDS, ...CONFIRMATION_FIELDS].map((field) => [field, values[field] ?? ''])) as Record<MessageField, string>;
  return { ...messages, templates: templatesOf(values) };
}

/** The POST/PUT /campaigns body: the audience is a contact list or a tag, never both. */
export function toPayload(values: CampaignFormValues) {
  return {
    name: values.name.trim(),
    ...toMessagesPayload(values),
    confirmation: Boolean(values.confirmation),
    scheduledAt: toApiDateTime(values.scheduledAt),
    whatsappId: idOrNull(values.whatsappId),
    contactListId: values.audience === 'contactList' ? idOrNull(values.contactListId) : null,
    tagListId: values.audience === 'tag' ? idOrNull(values.tagListId) : null,
    fileListId: idOrNull(values.fileListId),
  };
}

/** The attachment a campaign has now, if any. */
export const attachmentOf = (record: Campaign | undefined) =>
  record?.mediaName ? { name: record.mediaName, url: record.mediaPath ? `/public/${record.mediaPath}` : null } : null;
