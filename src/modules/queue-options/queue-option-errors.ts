import { appError, AppError, notFound } from '../../common/errors/app-error.js';

export const queueOptionNotFound = (): AppError => notFound('ERR_NO_QUEUE_OPTION_FOUND');

export const queueNotFound = (): AppError => notFound('ERR_NO_QUEUE_FOUND');

export const fileRequired = (): AppError =>
  appError('ERR_VALIDATION', 'file: file is required', { fields: [{ field: 'file', messages: ['file is required'] }] });
