import { appError, type AppError, fieldError, notFound } from '../../common/errors/app-error.js';
import { ANNOUNCEMENT_IMAGE_EXTENSIONS } from '../../shared/announcement-api-types.js';

export const announcementNotFound = (): AppError => notFound('ERR_NO_ANNOUNCEMENT_FOUND');

export const fileRequired = (): AppError => fieldError('file', 'file is required');

export const notAnImage = (): AppError =>
  appError('ERR_MEDIA_TYPE_NOT_ALLOWED', `Only ${ANNOUNCEMENT_IMAGE_EXTENSIONS.join(', ')} images are accepted`, {
    accepted: [...ANNOUNCEMENT_IMAGE_EXTENSIONS],
  });
