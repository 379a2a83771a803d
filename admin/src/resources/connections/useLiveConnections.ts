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
    const lists = { queryKey: ['connections', 'getList'] };
    const known = queryClient.getQueriesData<GetListResult<Connection>>(lists).some(([, list]) => list?.data.some((row) => row.id === session.id));
    queryClient.setQueriesData<GetListResult<Connection>>(lists, (list) =>
      list ? { ...list, data: list.data.map((row) => (row.id === session.id ? { ...row, ...session } : row)) } : list,
    );
    // A list read before this change may still be on its way (a connection just created, a first load): read it again.
    if (!known || queryClient.isFetching(lists) > 0) void queryClient.invalidateQueries(lists);
  });
}
