import { required, type Validator } from 'react-admin';
import type { QuickMessage, QuickMessageFormValues } from './types';

/** Shortcode: required ('Obrigatório', campaigns §5). */
export const shortcodeRules: Validator[] = [required('validation.requiredField')];

/** A new quick message is private and active (status defaults to true, campaigns §9). */
export const NEW_QUICK_MESSAGE: QuickMessageFormValues = { shortcode: '', message: '', geral: false, status: true };

export const toFormValues = (record: QuickMessage): QuickMessageFormValues => ({
  shortcode: record.shortcode,
  message: record.message ?? '',
  geral: Boolean(record.geral),
  status: record.status !== false,
});

/** The POST/PUT /quick-messages body. */
export const toPayload = (values: QuickMessageFormValues) => ({
  shortcode: values.shortcode.trim(),
  message: values.message ?? '',
  geral: Boolean(values.geral),
  status: Boolean(values.status),
});

/** The attachment a quick message has now, if any. */
export const attachmentOf = (record: QuickMessage | undefined) =>
  record?.isMedia && record.mediaName ? { name: record.mediaName, url: record.mediaUrl } : null;
