import { AppError, notFound } from '../../common/errors/app-error.js';

export const quickMessageNotFound = (): AppError => notFound('ERR_NO_QUICK_MESSAGE_FOUND');

export const shortcodeTaken = (): AppError =>
  new AppError('ERR_QUICK_MESSAGE_SHORTCODE_EXISTS', 409, {}, 'You already have a quick message with this shortcode');

export const fileRequired = (): AppError =>
  new AppError('ERR_VALIDATION', 400, { fields: [{ field: 'file', messages: ['file is required'] }] }, 'file: file is required');
