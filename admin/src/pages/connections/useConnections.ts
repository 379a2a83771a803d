import { useCallback, useEffect, useState } from 'react';
import { useNotifyError } from '../../hooks/useNotifyError';
import { api } from '../../providers/httpClient';
import { useCompanyTopic } from '../../realtime/useCompanyTopic';
import type { Connection, ConnectionEvent, SessionEvent } from './types';

export interface ConnectionList {
  connections: Connection[];
  loading: boolean;
  upsert(connection: Connection): void;
  remove(id: number): void;
}

/** The company's connections (GET /whatsapp?session=0), kept live from the connection and session channels. */
export function useConnections(): ConnectionList {
  const notifyError = useNotifyError();
  const [connections, setConnections] = useState<Connection[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let current = true;
    api
      .get<Connection[]>('/whatsapp', { session: 0 })
      .then((answer) => current && setConnections(Array.isArray(answer) ? answer : []))
      .catch((error) => current && notifyError(error))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [notifyError]);

  const upsert = useCallback((connection: Connection) => {
    setConnections((previous) => {
      // Only one connection is the default: a new default unmarks the others.
      const others = connection.isDefault ? previous.map((known) => (known.isDefault ? { ...known, isDefault: false } : known)) : previous;
      return previous.some((known) => known.id === connection.id)
        ? others.map((known) => (known.id === connection.id ? { ...known, ...connection } : known))
        : [...others, connection];
    });
  }, []);

  const remove = useCallback((id: number) => {
    setConnections((previous) => previous.filter((known) => known.id !== id));
  }, []);

  useCompanyTopic<SessionEvent>('whatsappSession', (payload) => {
    const { session } = payload;
    if (payload.action !== 'update' || !session) return;
    setConnections((previous) => previous.map((known) => (known.id === session.id ? { ...known, ...session } : known)));
  });

  useCompanyTopic<ConnectionEvent>('whatsapp', (payload) => {
    if (payload.action === 'delete') remove(Number(payload.whatsappId));
    else if (payload.whatsapp) upsert(payload.whatsapp);
  });

  return { connections, loading, upsert, remove };
}
