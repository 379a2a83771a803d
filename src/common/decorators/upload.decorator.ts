import { applyDecorators, HttpCode, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import { memoryStorage } from 'multer';
import { MAX_MEDIA_BYTES } from '../../infra/storage/media-types.js';

export interface UploadedMedia {
  buffer: Buffer;
  mimetype: string;
  originalName: string;
}

/** `POST .../media-upload`: one multipart `file`, kept in memory up to the media limit, names read as UTF-8. */
export const MediaUploadEndpoint = () =>
  applyDecorators(
    HttpCode(200),
    ApiConsumes('multipart/form-data'),
    ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } }),
    UseInterceptors(FileInterceptor('file', { storage: memoryStorage(), limits: { fileSize: MAX_MEDIA_BYTES, files: 1 }, defParamCharset: 'utf8' })),
  );

/** The upload as services take it (the browser's file name is metadata only). */
export const toUploadedMedia = (file: Express.Multer.File | undefined): UploadedMedia | undefined =>
  file && { buffer: file.buffer, mimetype: file.mimetype, originalName: file.originalname };
