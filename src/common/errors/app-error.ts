/** A failure the client can act on: an `ERR_*` code from the spec's catalogue, an HTTP status and extra fields. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number = 400,
    readonly extra: Record<string, unknown> = {},
    message?: string,
  ) {
    super(message ?? code);
  }
}

export const notFound = (code: string): AppError => new AppError(code, 404);
export const forbidden = (code = 'ERR_NO_PERMISSION'): AppError => new AppError(code, 403);
