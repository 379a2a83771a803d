import { AppError } from '../../common/errors/app-error.js';
import { isInfrastructureError } from '../../common/errors/infrastructure-error.js';

/**
 * Whether a refused campaign send says nothing about its recipient, so the recipient is tried again rather than
 * counted as failed: the connection is away (its session stopped, this process lost its lease, the worker running it
 * does not answer), or Redis or the database could not carry the command (an outage: the same send goes through a few
 * seconds later, under the same message id).
 */
export function sendRefusedForNow(error: unknown, connected: boolean): boolean {
  if (error instanceof AppError) return error.code === 'ERR_SERVICE_UNAVAILABLE' || error.code === 'ERR_WAPP_NOT_INITIALIZED' || !connected;
  return isInfrastructureError(error) || !connected;
}
