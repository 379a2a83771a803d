import { applyDecorators, HttpCode, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import { StreamedUpload } from '../../infra/storage/uploads/streamed-upload.interceptor.js';
import { ANNOUNCEMENT_IMAGE_MAX_BYTES } from '../../shared/announcement-api-types.js';

/** `POST /announcements/{id}/media-upload`: one multipart `file`, an image far below the general media limit. */
export const AnnouncementImageUpload = () =>
  applyDecorators(
    HttpCode(200),
    ApiConsumes('multipart/form-data'),
    ApiBody({
      schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary', description: 'png, jpg or jpeg' } } },
    }),
    UseInterceptors(StreamedUpload({ field: 'file', maxFiles: 1, maxBytes: ANNOUNCEMENT_IMAGE_MAX_BYTES })),
  );
