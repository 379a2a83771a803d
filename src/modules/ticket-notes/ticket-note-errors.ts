import { AppError, notFound } from '../../common/errors/app-error.js';

export const ticketNoteNotFound = (): AppError => notFound('ERR_NO_TICKET_NOTE_FOUND');

export const ticketNotFound = (): AppError => notFound('ERR_NO_TICKET_FOUND');

export const contactNotFound = (): AppError => notFound('ERR_NO_CONTACT_FOUND');

export const ticketOrContactRequired = (): AppError =>
  new AppError('ERR_VALIDATION', 400, { fields: [{ field: 'ticketId', messages: ['ticketId or contactId is required'] }] }, 'ticketId or contactId is required');
