import { useQueryClient } from '@tanstack/react-query';
import { useCompanyTopic } from '../../realtime/useCompanyTopic';
import type { ConnectionOption } from './types';

/**
 * Keeps the cached select lists current: tag, quick-message and queue changes reload their list; connection session
 * changes patch the status shown in the connection selects.
 */
export function useLookupSync() {
  const client = useQueryClient();
  const reload = (key: string) => () => void client.invalidateQueries({ queryKey: ['tickets-screen', key] });

  useCompanyTopic<{ action: string }>('tag', (payload) => {
    if (payload.action !== 'sync') reload('tags')();
  });
  useCompanyTopic<unknown>('quickmessage', reload('quick-messages'));
  useCompanyTopic<unknown>('queue', reload('queues'));
  useCompanyTopic<unknown>('whatsapp', reload('connections'));
  useCompanyTopic<{ session?: { id: number; status: string } }>('whatsappSession', ({ session }) => {
    if (!session) return;
    client.setQueryData<ConnectionOption[]>(['tickets-screen', 'connections'], (list) =>
      list?.map((connection) => (connection.id === session.id ? { ...connection, status: session.status } : connection)),
    );
  });
}
