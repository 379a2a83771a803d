import { ConnectionException } from '@mikro-orm/core';
import { AppError, appError } from './app-error.js';

/** How long a client should wait before it tries again after an outage answer (the `Retry-After` header). */
export const RETRY_AFTER_SECONDS = 5;

/**
 * PostgreSQL SQLSTATEs that say the database could not be reached or used, not that the statement was wrong:
 * class 08 (connection exception), 53 (insufficient resources: too many connections, out of memory, disk full), and
 * 57P01-57P05 (the backend was terminated by an administrator or a crash, cannot connect now, idle session timeout).
 */
const PG_OUTAGE = /^(08[0-9A-Z]{3}|53[0-9A-Z]{3}|57P0[1-5])$/;

/** Operating-system errors of a socket to the database or Redis. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ECONNABORTED']);

/** ioredis errors raised while Redis is unreachable (MaxRetriesPerRequestError) or closing (ClosedError, AbortError). */
const REDIS_ERROR_NAMES = new Set(['MaxRetriesPerRequestError', 'AbortError', 'InterruptError', 'ClusterAllFailedError']);

/**
 * Messages of drivers that carry no code: pg ("Connection terminated unexpectedly", pool acquire timeouts, a database
 * that does not accept connections right now), ioredis ("Connection is closed.", command timeouts, an offline queue
 * turned off) and Redis replies that mean "not now" (READONLY replica, LOADING, MASTERDOWN, CLUSTERDOWN, TRYAGAIN).
 */
const OUTAGE_MESSAGES = [
  // pg (case-sensitive: Baileys' "Connection Terminated" is a WhatsApp socket, not the database).
  /^Connection terminated( unexpectedly| due to connection timeout)?$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
  /^timeout exceeded when trying to connect$/,
  /^Query read timeout$/,
  /timeout acquiring a connection/i,
  /is not currently accepting connections/,
  /^the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)/,
  // ioredis.
  /^Connection is closed\.$/,
  /^Command timed out$/,
  /^Stream isn't writeable and enableOfflineQueue options is false$/,
  /^Reached the max retries per request limit/,
  /^(READONLY|LOADING|MASTERDOWN|CLUSTERDOWN|TRYAGAIN)\b/,
];

/**
 * A failure of another service the app depends on (object storage) that cannot be reached or answers "not now" (5xx,
 * throttling): raised by its adapter, so the rest of the app treats it like a database or Redis outage.
 */
export class ServiceOutageError extends Error {
  override name = 'ServiceOutageError';
}

/** The error itself, its causes and the members of an AggregateError (Node's happy-eyeballs connect), bounded. */
function* chain(error: unknown, depth = 0): Generator<unknown> {
  if (depth > 5 || error === null || typeof error !== 'object') return;
  yield error;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (cause !== undefined) yield* chain(cause, depth + 1);
  if (Array.isArray(errors)) for (const member of errors.slice(0, 5)) yield* chain(member, depth + 1);
}

function isOutage(error: object): boolean {
  if (error instanceof ConnectionException || error instanceof ServiceOutageError) return true;
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown };
  if (typeof code === 'string' && (PG_OUTAGE.test(code) || SOCKET_CODES.has(code))) return true;
  if (typeof name === 'string' && REDIS_ERROR_NAMES.has(name)) return true;
  return typeof message === 'string' && OUTAGE_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * Whether a failure comes from the infrastructure (PostgreSQL or Redis unreachable, restarting, out of connections)
 * rather than from the request or the code: such a request may succeed as it is a few seconds later, so it is
 * answered 503 with Retry-After, never 401 (the caller's session is fine) nor 500. Our own errors (AppError) never
 * are: they already say what they mean.
 */
export function isInfrastructureError(error: unknown): boolean {
  if (error instanceof AppError) return false;
  for (const link of chain(error)) if (isOutage(link as object)) return true;
  return false;
}

/** The answer to a request that failed because of the infrastructure. */
export const serviceUnavailable = (message = 'Serviço temporariamente indisponível. Tente novamente em instantes.'): AppError =>
  appError('ERR_SERVICE_UNAVAILABLE', message);

/** `error` itself, or the 503 it stands for when it is an infrastructure failure (for code that maps errors itself). */
export function asServiceUnavailable(error: unknown): unknown {
  return isInfrastructureError(error) ? serviceUnavailable() : error;
}
