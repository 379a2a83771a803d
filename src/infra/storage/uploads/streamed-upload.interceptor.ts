import { type CallHandler, type ExecutionContext, Inject, Injectable, Logger, mixin, type NestInterceptor, type Type } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Request } from 'express';
import { isRejectedByPipes } from '@nestjs/core/internal.js';
import { catchError, from, mergeMap, type Observable, throwError } from 'rxjs';
import { AUTH_CONTEXT_KEY } from '../../../common/request-keys.js';
import { appError } from '../../../common/errors/app-error.js';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { StoragePort } from '../storage.port.js';
import { receiveMultipart } from './receive-multipart.js';
import { referencedUploads } from './upload-references.js';
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
 * `@UploadedFile()` as `UploadedMedia` and the text fields as its body. A file belongs to the request until the
 * handler claims it by committing a row that points at it: when the request ends in an error (validation, an id
 * that is not the caller's, any refusal), every file no row claimed is removed at once, so a refused upload leaves
 * nothing on disk. A file a partial send already put in a message stays with that message.
 * A JSON request passes through untouched.
 */
export function StreamedUpload(limits: UploadLimits): Type<NestInterceptor> {
  @Injectable()
  class StreamedUploadInterceptor implements NestInterceptor {
    private readonly logger = new Logger('StreamedUpload');

    constructor(
      @Inject(StoragePort) private readonly storage: StoragePort,
      @Inject(APP_CONFIG) private readonly config: AppConfig,
      @Inject(EntityManager) private readonly em: EntityManager,
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
      return next
        .handle()
        .pipe(
          catchError((error: unknown) => from(this.releaseUnclaimed(companyId, files, !isRejectedByPipes(req))).pipe(mergeMap(() => throwError(() => error)))),
        );
    }

    /**
     * After a failed request: removes the files no committed row points at. Refused by validation, the handler never
     * saw them; otherwise it may have claimed some (a send that failed at its third file keeps the first two).
     */
    private async releaseUnclaimed(companyId: number, files: UploadedMedia[], handlerRan: boolean): Promise<void> {
      if (!files.length) return;
      const paths = files.map((file) => file.path);
      let claimed = new Set<string>();
      if (handlerRan) {
        try {
          claimed = await referencedUploads(this.em, companyId, paths);
        } catch (error) {
          // Unknown (the database is down): keep them all; the media sweep removes what nothing references.
          this.logger.warn(`uploads of a failed request kept for the sweep: ${error instanceof Error ? error.message : String(error)}`);
          return;
        }
      }
      await Promise.allSettled(paths.filter((path) => !claimed.has(path)).map((path) => this.storage.remove(path)));
    }
  }
  return mixin(StreamedUploadInterceptor);
}
