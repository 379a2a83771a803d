import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { ClientEvents, USER_STATUS_HEARTBEAT_MS } from '../../../src/shared/realtime-events';
import { apiStatus } from '../providers/apiStatus';
import { session } from '../providers/session';

const RELOAD_DELAY_MS = 1000;

const SocketContext = createContext<Socket | null>(null);

export const useSocket = () => useContext(SocketContext);

/** One socket for the signed-in session; it reconnects with the latest access token. */
export function SocketProvider({ children }: { children: ReactNode }) {
  const [socket, setSocket] = useState<Socket | null>(null);

  useEffect(() => {
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connection = io({ path: '/socket.io', query: { token: session.token() }, transports: ['websocket'] });
    connection.io.on('reconnect_attempt', () => {
      connection.io.opts.query = { token: session.token() };
    });
    connection.on('connect', () => connection.emit(ClientEvents.joinNotification));
    connection.on('connect_error', (error: Error & { data?: { retryable?: boolean; retryAfterSeconds?: number } }) => {
      if (error.message === 'ERR_SESSION_EXPIRED') setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
      // Refused because the server's database or Redis is down: the session is fine, connect again later (socket.io
      // does not retry a refusal by itself). Requests show the reconnecting bar meanwhile.
      else if (error.data?.retryable && !connection.active) {
        apiStatus.markUnreachable();
        clearTimeout(retry);
        retry = setTimeout(
          () => {
            connection.io.opts.query = { token: session.token() };
            connection.connect();
          },
          (error.data.retryAfterSeconds ?? 5) * 1000 * (0.5 + Math.random()),
        );
      }
    });
    const heartbeat = setInterval(() => connection.emit(ClientEvents.userStatus), USER_STATUS_HEARTBEAT_MS);
    setSocket(connection);
    return () => {
      clearInterval(heartbeat);
      clearTimeout(retry);
      connection.disconnect();
    };
  }, []);

  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}
