import { type CallHandler, type ExecutionContext, Inject, Injectable, mixin, type NestInterceptor, type Type } from '@nestjs/common';
import type { Request } from 'express';
import { isRejectedByPipes } from '@nestjs/core/internal.js';
import { catchError, from, mergeMap, type Observable, throwError } from 'rxjs';
import { AUTH_CONTEXT_KEY } from '../../../common/request-keys.js';
import { appError } from '../../../common/errors/app-error.js';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { StoragePort } from '../storage.port.js';
import { receiveMultipart } from './receive-multipart.js';
import { UPLOAD_COMPANY_KEY, type UploadedMedia, type UploadLimits } from './uploaded-media.js';

type UploadRequest = Request & Record<string, unknown>;

const isMultipart = (req: Request): boolean => /^multipart\//i.test(req.headers['content-type'] ?? '');

/** Guards run before interceptors, so the company is known (and the caller allowed) before a byte is parsed. */
function companyOf(req: UploadRequest): number {
  const fromSession = (req[AUTH_CONTEXT_KEY] as { companyId?: number } | undefined)?.companyId;
  const companyId = fromSession ?? (req[UPLOAD_COMPANY_KEY] as number | undefined);
  if (companyId === undefined) throw appError('ERR_SESSION_EXPIRED');
  return companyId;
}

/**
 * Multipart uploads streamed into storage under the route's limits. The handler gets `@UploadedFiles()` /
 * `@UploadedFile()` as `UploadedMedia` and the text fields as its body; when validation refuses the request, the
 * files are removed.
 * A JSON request passes through untouched.
 */
export function StreamedUpload(limits: UploadLimits): Type<NestInterceptor> {
  @Injectable()
  class StreamedUploadInterceptor implements NestInterceptor {
    constructor(
      @Inject(StoragePort) private readonly storage: StoragePort,
      @Inject(APP_CONFIG) private readonly config: AppConfig,
    ) {}

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const req = context.switchToHttp().getRequest<UploadRequest>();
      if (!isMultipart(req)) return next.handle();
      const companyId = companyOf(req);
      // The install may lower the route's limit, never raise it.
      const maxBytes = Math.min(limits.maxBytes, this.config.media.maxUploadBytes);
      const { files, fields } = await receiveMultipart(
        req,
        { ...limits, maxBytes },
        {
          save: (stream, mimetype) => this.storage.saveStream(companyId, stream, mimetype, maxBytes),
          remove: (path) => this.storage.remove(path),
        },
      );
      req.body = fields;
      req.files = files;
      req.file = files[0];
      return next.handle().pipe(
        catchError((error: unknown) => {
          // Refused by validation, the handler never saw the files. Any later failure may follow a partial send
          // that references some of them: the media sweep removes what nothing references.
          const fail = throwError(() => error);
          return isRejectedByPipes(req) ? from(this.removeAll(files)).pipe(mergeMap(() => fail)) : fail;
        }),
      );
    }

    private async removeAll(files: UploadedMedia[]): Promise<void> {
      await Promise.allSettled(files.map((file) => this.storage.remove(file.path)));
    }
  }
  return mixin(StreamedUploadInterceptor);
}
