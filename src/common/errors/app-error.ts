import { ERROR_STATUS, type ErrorCode, type ErrorCodeWithStatus } from '../../shared/error-codes.js';

export interface FieldError {
  field: string;
  messages: string[];
}

/**
 * A failure the client can act on: a catalogued `ERR_*` code, its status, and extra fields for the body. Built only
 * through the factories below, so every code and status comes from the catalogue (error-codes.ts).
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message ?? code);
    this.status = ERROR_STATUS[code];
  }
}

/** Any catalogued failure, with an optional developer message and extra body fields. */
export const appError = (code: ErrorCode, message?: string, extra?: Record<string, unknown>): AppError => new AppError(code, message, extra);

export const notFound = (code: ErrorCodeWithStatus<404>): AppError => new AppError(code);

export const forbidden = (code: ErrorCodeWithStatus<403> = 'ERR_NO_PERMISSION', message?: string): AppError => new AppError(code, message);

/** 400 (or the code's status) naming the offending fields, as the validation pipe answers. */
export const fieldsError = (fields: FieldError[], code: ErrorCode = 'ERR_VALIDATION'): AppError =>
  new AppError(code, fields.map((f) => `${f.field}: ${f.messages.join(', ')}`).join('; '), { fields });

/** One offending field. */
export const fieldError = (field: string, message: string, code: ErrorCode = 'ERR_VALIDATION'): AppError => fieldsError([{ field, messages: [message] }], code);
