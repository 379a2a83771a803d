import { AppError, notFound } from '../../common/errors/app-error.js';

export const queueOptionNotFound = (): AppError => notFound('ERR_NO_QUEUE_OPTION_FOUND');

export const queueNotFound = (): AppError => notFound('ERR_NO_QUEUE_FOUND');

export const fileRequired = (): AppError =>
  new AppError('ERR_VALIDATION', 400, { fields: [{ field: 'file', messages: ['file is required'] }] }, 'file: file is required');
