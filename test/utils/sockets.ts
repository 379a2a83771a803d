import { io, type Socket } from 'socket.io-client';
import type { TestApp } from './test-app.js';
import { TIME_FACTOR } from './time.js';

/** A socket.io client with the token in the handshake query, as the browser connects. */
export function openSocket(t: TestApp, token?: string): Socket {
  return io(t.baseUrl, { path: '/socket.io', query: token ? { token } : {}, transports: ['websocket'], forceNew: true, reconnection: false });
}

/** Opens a socket and waits until the server accepted the handshake. */
export async function connectSocket(t: TestApp, token: string): Promise<Socket> {
  const socket = openSocket(t, token);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Joins rooms and waits for the server's acknowledgement, so an event emitted next is heard. */
export async function joinRooms(socket: Socket, event: 'joinNotification' | 'joinTickets', ...args: unknown[]): Promise<void> {
  await socket.timeout(5000 * TIME_FACTOR).emitWithAck(event, ...args);
}
