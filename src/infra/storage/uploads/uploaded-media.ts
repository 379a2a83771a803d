/** A file of a multipart request, already written to storage by the upload interceptor. */
export interface UploadedMedia {
  /** Storage path `company{id}/{generated}.{ext}`. */
  path: string;
  size: number;
  mimetype: string;
  /** The sender's file name: metadata only, never a path. */
  originalName: string;
}

export interface UploadLimits {
  /** The multipart field that carries the files. */
  field: string;
  maxFiles: number;
  /** Per file. */
  maxBytes: number;
}

/** Routes authenticated by something other than a user session (the external API) put the company here. */
export const UPLOAD_COMPANY_KEY = 'uploadCompanyId';
