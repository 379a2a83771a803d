import { appError, type AppError, notFound } from '../../common/errors/app-error.js';

export const contactListNotFound = (): AppError => notFound('ERR_NO_CONTACT_LIST_FOUND');

export const contactListItemNotFound = (): AppError => notFound('ERR_NO_CONTACT_LIST_ITEM_FOUND');

export const itemNumberTaken = (): AppError => appError('ERR_CONTACT_LIST_ITEM_EXISTS', 'This number is already in the list');

export const importInProgress = (): AppError => appError('ERR_IMPORT_IN_PROGRESS', 'An import of this list is still running');
