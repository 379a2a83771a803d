import type { Socket } from 'socket.io';
import type { AuthContext } from '../../authorization/auth-context.js';

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
