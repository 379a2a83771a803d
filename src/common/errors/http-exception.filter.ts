import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { UniqueConstraintViolationException, ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import type { Response } from 'express';
import { AppError } from './app-error.js';
import { isInfrastructureError, RETRY_AFTER_SECONDS, serviceUnavailable } from './infrastructure-error.js';

const STATUS_CODES: Record<number, string> = {
  400: 'ERR_BAD_REQUEST',
  401: 'ERR_SESSION_EXPIRED',
  403: 'ERR_NO_PERMISSION',
  404: 'ERR_NOT_FOUND',
  405: 'ERR_METHOD_NOT_ALLOWED',
  413: 'ERR_PAYLOAD_TOO_LARGE',
  415: 'ERR_UNSUPPORTED_MEDIA_TYPE',
  429: 'ERR_TOO_MANY_REQUESTS',
  503: 'ERR_SERVICE_UNAVAILABLE',
};

export interface ErrorBody {
  error: string;
  message: string;
  [extra: string]: unknown;
}

/** PostgreSQL's class 22 (data exception): invalid text representation, out of range, bad datetime... */
function isDataException(exception: unknown): exception is { code: string; column?: string } {
  const code = (exception as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

/**
 * Writes every failure as `{ error: CODE, message }`; never leaks a stack or a driver message. A failure of the
 * database or Redis (see infrastructure-error.ts) is a 503 ERR_SERVICE_UNAVAILABLE from every route, and every 503
 * says when to try again (`Retry-After`), so browsers keep their session and senders retry.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return;
    const response = host.switchToHttp().getResponse<Response>();
    const outage = isInfrastructureError(exception);
    const [status, body] = this.toBody(outage ? serviceUnavailable() : exception);
    // An outage fails every request alike: one line each, not a stack each.
    if (outage) this.logger.warn(`service unavailable: ${exception instanceof Error ? `${exception.name}: ${exception.message}` : String(exception)}`);
    else if (status >= 500) this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    if (response.headersSent) return;
    if (status === 503) response.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    response.status(status).json(body);
  }

  private toBody(exception: unknown): [number, ErrorBody] {
    if (exception instanceof AppError) {
      return [exception.status, { error: exception.code, message: exception.message, ...exception.extra }];
    }
    if (exception instanceof UniqueConstraintViolationException) {
      return [409, { error: 'ERR_CONFLICT', message: 'A record with the same unique values already exists' }];
    }
    if (exception instanceof ForeignKeyConstraintViolationException) {
      return [409, { error: 'ERR_IN_USE', message: 'The record is referenced by other records' }];
    }
    if (isDataException(exception)) {
      // The last line of defence: a value the database refuses (text it cannot parse as a number or a date, a number
      // past the column) is the client's mistake, not the server's.
      return [
        400,
        {
          error: 'ERR_VALIDATION',
          message: 'A value is not valid for its field',
          fields: [{ field: exception.column ?? 'request', messages: ['is not a valid value'] }],
        },
      ];
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const code = STATUS_CODES[status] ?? (status >= 500 ? 'ERR_INTERNAL' : 'ERR_BAD_REQUEST');
      return [status, { error: code, message: status >= 500 ? 'Internal server error' : exception.message }];
    }
    return [500, { error: 'ERR_INTERNAL', message: 'Internal server error' }];
  }
}
