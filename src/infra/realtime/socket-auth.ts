import type { Socket } from 'socket.io';
import type { AuthContext } from '../../authorization/auth-context.js';
import { AppError } from '../../common/errors/app-error.js';
import { isInfrastructureError, RETRY_AFTER_SECONDS } from '../../common/errors/infrastructure-error.js';

export interface SocketData {
  auth: AuthContext;
}

export type AuthedSocket = Socket<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>;

/** The token travels in the handshake query (`?token=`) as the spec says, or in `auth.token`. */
export function handshakeToken(socket: Socket): string | null {
  const fromQuery = socket.handshake.query.token;
  if (typeof fromQuery === 'string' && fromQuery) return fromQuery;
  const fromAuth = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
  return typeof fromAuth === 'string' && fromAuth ? fromAuth : null;
}

/**
 * What a refused handshake tells the client (`connect_error`; its message is the code the browser reads). A refusal
 * caused by the database or Redis is `ERR_SERVICE_UNAVAILABLE`, marked retryable: the session is fine and the client
 * connects again later, instead of treating it as signed out.
 */
export function handshakeRefusal(error: unknown): Error & { data?: { retryable: boolean; retryAfterSeconds?: number } } {
  if (isInfrastructureError(error)) {
    return Object.assign(new Error('ERR_SERVICE_UNAVAILABLE'), { data: { retryable: true, retryAfterSeconds: RETRY_AFTER_SECONDS } });
  }
  return new Error(error instanceof AppError ? error.code : 'ERR_SESSION_EXPIRED');
}
