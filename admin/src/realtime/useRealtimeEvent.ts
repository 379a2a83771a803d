import { useEffect, useRef } from 'react';
import { companyEvent, type CompanyEventMap, type CompanyTopic } from '../../../src/shared/realtime-events';
import { useAccess } from '../hooks/useAccess';
import { useSocket } from './SocketProvider';

/** Subscribes `handler` to a socket event for as long as the component is mounted. */
export function useRealtimeEvent<T>(event: string | undefined, handler: (payload: T) => void): void {
  const socket = useSocket();
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });

  useEffect(() => {
    if (!socket || !event) return;
    const listener = (payload: T) => handlerRef.current(payload);
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
  }, [socket, event]);
}

/** Subscribes to `company-{companyId}-{topic}` of the signed-in user's company. */
export function useCompanyEvent<K extends CompanyTopic>(topic: K, handler: (payload: CompanyEventMap[K]) => void) {
  const companyId = useAccess()?.me.company.id;
  useRealtimeEvent(companyId === undefined ? undefined : companyEvent(companyId, topic), handler);
}
