import { useEffect } from 'react';
import { useSocket } from '../../realtime/SocketProvider';

/**
 * Joins a socket room for as long as the caller is mounted: emits `join` with `arg` now and after every reconnect,
 * and `leave` on unmount or when `arg` changes. `onJoined` receives the server's acknowledgement.
 */
export function useSocketRoom(join: string, leave: string, arg: string | number | null | undefined, onJoined?: (answer: unknown) => void) {
  const socket = useSocket();
  // biome-ignore lint/correctness/useExhaustiveDependencies: onJoined is a notification only; re-joining when it changes identity would churn the room
  useEffect(() => {
    if (!socket || arg === null || arg === undefined) return;
    const emitJoin = () => {
      if (onJoined) socket.emit(join, arg, onJoined);
      else socket.emit(join, arg);
    };
    if (socket.connected) emitJoin();
    socket.on('connect', emitJoin);
    return () => {
      socket.off('connect', emitJoin);
      socket.emit(leave, arg);
    };
  }, [socket, join, leave, arg]);
}
