import { appError, AppError, notFound, fieldError } from '../../common/errors/app-error.js';

export const quickMessageNotFound = (): AppError => notFound('ERR_NO_QUICK_MESSAGE_FOUND');

export const shortcodeTaken = (): AppError => appError('ERR_QUICK_MESSAGE_SHORTCODE_EXISTS', 'You already have a quick message with this shortcode');

export const fileRequired = (): AppError => fieldError('file', 'file is required');
