import { appError, AppError, notFound } from '../../common/errors/app-error.js';

export const tagNotFound = (): AppError => notFound('ERR_NO_TAG_FOUND');

export const tagNameTaken = (): AppError => appError('ERR_TAG_NAME_EXISTS', 'A tag with this name already exists');
