import { appError, AppError, notFound, fieldError } from '../../common/errors/app-error.js';
import type { ContactResponse } from './contact.mapper.js';

export const contactNotFound = (): AppError => notFound('ERR_NO_CONTACT_FOUND');

/** A connection id that is not one of the caller's company (another company's answers the same). */
export const connectionNotFound = (): AppError => notFound('ERR_NO_WAPP_FOUND');

/** The browser offers the existing contact instead (core §3: alreadyExists, existingContact). */
export const duplicatedContact = (existing: ContactResponse): AppError =>
  appError('ERR_DUPLICATED_CONTACT', 'A contact with this number already exists', { alreadyExists: true, existingContact: existing });

/** `invalido` is the flag the browser reads (core §3). */
export const invalidWhatsappNumber = (): AppError => appError('ERR_WAPP_INVALID_CONTACT', 'The number is not on WhatsApp', { invalido: true });

export const groupNumberLocked = (): AppError => appError('ERR_GROUP_CONTACT_NUMBER', 'The number of a group contact cannot be changed');

/** Same shape as the DTO validation errors, for rules that need the stored contact. */
export const validationFailed = (field: string, message: string): AppError => fieldError(field, message);
