import { AppError, notFound, fieldError } from '../../common/errors/app-error.js';

export const queueOptionNotFound = (): AppError => notFound('ERR_NO_QUEUE_OPTION_FOUND');

export const queueNotFound = (): AppError => notFound('ERR_NO_QUEUE_FOUND');

export const fileRequired = (): AppError => fieldError('file', 'file is required');
