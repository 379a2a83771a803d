import { email, maxLength, minLength, required, type Validator } from 'react-admin';
import type { Contact, ContactFormValues } from './types';

export const NEW_CONTACT: ContactFormValues = { name: '', number: '', email: '', extraInfo: [] };

/** Number: 8 to 50 characters (core §5). */
export const numberRules: Validator[] = [required('validation.required'), minLength(8, 'validation.tooShort'), maxLength(50, 'validation.tooLong')];

/** Email: optional, valid when given (core §5). */
export const contactEmailRules: Validator[] = [email('validation.invalidEmail')];

/** Each extra-info pair needs both its name and its value. */
export const extraInfoRules: Validator[] = [required('validation.required')];

export function toFormValues(contact: Contact): ContactFormValues {
  return {
    name: contact.name,
    number: contact.number,
    email: contact.email ?? '',
    extraInfo: (contact.extraInfo ?? []).map(({ name, value }) => ({ name, value })),
    origin: contact.whatsapp?.name ?? null,
  };
}

/** The POST/PUT /contacts body; blank extra-info rows are dropped. */
export function toPayload(values: ContactFormValues) {
  return {
    name: values.name.trim(),
    number: String(values.number ?? '').trim(),
    email: (values.email ?? '').trim(),
    extraInfo: (values.extraInfo ?? [])
      .map((info) => ({ name: (info?.name ?? '').trim(), value: (info?.value ?? '').trim() }))
      .filter((info) => info.name || info.value),
  };
}
