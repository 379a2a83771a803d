import { applyDecorators, HttpCode, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import { MAX_MEDIA_BYTES } from '../media-types.js';
import { StreamedUpload } from './streamed-upload.interceptor.js';

export type { UploadedMedia } from './uploaded-media.js';

/** Files a message may carry at once (the spec's `medias`). */
export const MAX_MESSAGE_FILES = 10;

/** `POST .../media-upload`: one multipart `file`, streamed to storage up to the media limit, names read as UTF-8. */
export const MediaUploadEndpoint = () =>
  applyDecorators(
    HttpCode(200),
    ApiConsumes('multipart/form-data'),
    ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } }),
    UseInterceptors(StreamedUpload({ field: 'file', maxFiles: 1, maxBytes: MAX_MEDIA_BYTES })),
  );

/** A message send that takes JSON or multipart with up to ten `medias` files, streamed to storage. */
export const MessageMediaUpload = () =>
  applyDecorators(
    ApiConsumes('application/json', 'multipart/form-data'),
    UseInterceptors(StreamedUpload({ field: 'medias', maxFiles: MAX_MESSAGE_FILES, maxBytes: MAX_MEDIA_BYTES })),
  );
