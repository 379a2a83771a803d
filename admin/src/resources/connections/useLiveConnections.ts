import { useQueryClient } from '@tanstack/react-query';
import type { GetListResult } from 'react-admin';
import { useCompanyTopic } from '../../realtime/useCompanyTopic';
import { useLiveResource } from '../../realtime/useLiveResource';
import type { Connection, SessionEvent } from './types';

/**
 * Keeps the `connections` lists live: a connection's create/update/delete (`whatsapp`) reloads them; a session update
 * (`whatsappSession`: status, qrcode, pairing code, retries…) is written into the loaded rows at once, as the QR
 * code turns every few seconds and the pairing code travels only there.
 */
export function useLiveConnections(): void {
  useLiveResource('connections', 'whatsapp');
  const queryClient = useQueryClient();
  useCompanyTopic<SessionEvent>('whatsappSession', ({ action, session }) => {
    if (action !== 'update' || !session) return;
    queryClient.setQueriesData<GetListResult<Connection>>({ queryKey: ['connections', 'getList'] }, (list) =>
      list ? { ...list, data: list.data.map((known) => (known.id === session.id ? { ...known, ...session } : known)) } : list,
    );
  });
}
