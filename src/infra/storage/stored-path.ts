import { randomBytes } from 'node:crypto';
import { appError } from '../../common/errors/app-error.js';
import { baseMimetype, extensionFor } from './media-types.js';

/** The only shape of a stored path: `company{id}/{32 hex}.{ext}`, as `newStoredPath` makes it. Local file and S3 key alike. */
export const PATH_PATTERN = /^company\d+\/[a-f0-9]{32}\.[a-z0-9]{2,5}$/;

/** A fresh generated name in the company's folder; the type decides the extension and must be allowed. */
export function newStoredPath(companyId: number, mimetype: string): string {
  const extension = extensionFor(mimetype);
  if (!extension) throw appError('ERR_MEDIA_TYPE_NOT_ALLOWED', `Files of type ${baseMimetype(mimetype)} are not accepted`);
  return `company${Math.trunc(companyId)}/${randomBytes(16).toString('hex')}.${extension}`;
}

/** Only paths storage generated are used; anything else (a file name, `..`, another folder) is refused before any I/O. */
export function assertStoredPath(path: string): string {
  if (!PATH_PATTERN.test(path)) throw appError('ERR_INVALID_MEDIA_PATH');
  return path;
}
