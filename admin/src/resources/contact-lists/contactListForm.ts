import { email, maxLength, minLength, regex, required, type Validator } from 'react-admin';
import type { ContactList, ContactListFormValues, ContactListItem, ContactListItemFormValues } from './types';

/** The item form's rules of campaigns §5 (with the catalogs' validation texts); lists use the same. */
const nameRules: Validator[] = [required('validation.required'), minLength(2, 'validation.tooShort'), maxLength(50, 'validation.tooLong')];

export const listNameRules = nameRules;
export const itemNameRules = nameRules;

/** 8 to 50 digits once the mask characters people type (spaces, +, parentheses, dashes, dots) are dropped. */
const digitsOf = (value: string): string => value.replace(/[\s()+.-]/g, '');
const numberLength: Validator = (value: unknown) => {
  const digits = typeof value === 'string' ? digitsOf(value) : '';
  if (digits.length && digits.length < 8) return 'validation.tooShort';
  if (digits.length > 50) return 'validation.tooLong';
  return undefined;
};
export const itemNumberRules: Validator[] = [required('validation.required'), regex(/^[\d\s()+.-]*$/, 'contactListItems.form.numberInvalid'), numberLength];

export const itemEmailRules: Validator[] = [email('validation.invalidEmail')];

export const NEW_LIST: ContactListFormValues = { name: '' };
export const listFormValues = (list: ContactList): ContactListFormValues => ({ name: list.name });
export const listPayload = (values: ContactListFormValues) => ({ name: values.name.trim() });

export const NEW_ITEM: ContactListItemFormValues = { name: '', number: '', email: '' };
export const itemFormValues = (item: ContactListItem): ContactListItemFormValues => ({ name: item.name, number: item.number, email: item.email ?? '' });

/** The spec's body (name, number, email, contactListId); the company comes from the session. */
export const itemPayload = (values: ContactListItemFormValues, contactListId: number) => ({
  name: values.name.trim(),
  number: digitsOf(values.number),
  email: values.email.trim() || null,
  contactListId,
});
