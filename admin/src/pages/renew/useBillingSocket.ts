import { useEffect, useState } from 'react';
import { io, type Socket } from 'socket.io-client';

/** A socket on the billing-only token: the server lets it hear the company's payment event and nothing else. */
export function useBillingSocket(token: string): Socket | null {
  const [socket, setSocket] = useState<Socket | null>(null);
  useEffect(() => {
    const connection = io({ path: '/socket.io', query: { token }, transports: ['websocket'] });
    setSocket(connection);
    return () => {
      connection.disconnect();
    };
  }, [token]);
  return socket;
}
