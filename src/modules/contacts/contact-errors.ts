import { AppError, notFound } from '../../common/errors/app-error.js';
import type { ContactResponse } from './contact.mapper.js';

export const contactNotFound = (): AppError => notFound('ERR_NO_CONTACT_FOUND');

/** The browser offers the existing contact instead (core §3: alreadyExists, existingContact). */
export const duplicatedContact = (existing: ContactResponse): AppError =>
  new AppError('ERR_DUPLICATED_CONTACT', 409, { alreadyExists: true, existingContact: existing }, 'A contact with this number already exists');

/** `invalido` is the flag the browser reads (core §3). */
export const invalidWhatsappNumber = (): AppError =>
  new AppError('ERR_WAPP_INVALID_CONTACT', 400, { invalido: true }, 'The number is not on WhatsApp');

export const groupNumberLocked = (): AppError =>
  new AppError('ERR_GROUP_CONTACT_NUMBER', 400, {}, 'The number of a group contact cannot be changed');

/** Same shape as the DTO validation errors, for rules that need the stored contact. */
export const validationFailed = (field: string, message: string): AppError =>
  new AppError('ERR_VALIDATION', 400, { fields: [{ field, messages: [message] }] }, `${field}: ${message}`);
