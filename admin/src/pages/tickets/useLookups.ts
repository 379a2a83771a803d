import { useQuery } from '@tanstack/react-query';
import { lookupApi } from './ticketApi';
import type { ConnectionOption, QueueOption, QuickMessage, Tag, UserOption } from './types';

/** Lists for selects, cached for the session; a failed (or not yet served) list reads as empty. */
const LOOKUP_STALE_MS = 60_000;

function useLookup<T>(key: readonly unknown[], load: () => Promise<T[]>, enabled = true): T[] {
  const { data } = useQuery({
    queryKey: ['tickets-screen', ...key],
    queryFn: () => load().catch(() => [] as T[]),
    staleTime: LOOKUP_STALE_MS,
    retry: false,
    enabled,
  });
  return data ?? [];
}

export const TAGS_KEY = ['tickets-screen', 'tags'] as const;
export const CONNECTIONS_KEY = ['tickets-screen', 'connections'] as const;

export const useTagOptions = () => useLookup<Tag>(['tags'], lookupApi.tags);
export const useQueueOptions = () => useLookup<QueueOption>(['queues'], lookupApi.queues);
export const useConnectionOptions = (enabled = true) => useLookup<ConnectionOption>(['connections'], lookupApi.connections, enabled);
export const useQuickMessages = () => useLookup<QuickMessage>(['quick-messages'], lookupApi.quickMessages);
/** Everyone (admin user filter). */
export const useUserOptions = (enabled: boolean) => useLookup<UserOption>(['users'], () => lookupApi.users(), enabled);
