import { AppError, notFound, fieldError } from '../../common/errors/app-error.js';

export const ticketNoteNotFound = (): AppError => notFound('ERR_NO_TICKET_NOTE_FOUND');

export const ticketNotFound = (): AppError => notFound('ERR_NO_TICKET_FOUND');

export const contactNotFound = (): AppError => notFound('ERR_NO_CONTACT_FOUND');

export const ticketOrContactRequired = (): AppError => fieldError('ticketId', 'ticketId or contactId is required');
