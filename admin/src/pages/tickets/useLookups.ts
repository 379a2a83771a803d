import { type AppDataProvider, useAppDataProvider } from '../../providers/dataProvider';
import { useQuery } from '@tanstack/react-query';
import type { ConnectionOption, QueueOption, QuickMessage, Tag, UserOption } from './types';

/** Lists for selects, cached for the session; a failed (or not yet served) list reads as empty. */
const LOOKUP_STALE_MS = 60_000;

function useLookup<T>(key: readonly unknown[], load: (dataProvider: AppDataProvider) => Promise<T[]>, enabled = true): T[] {
  const dataProvider = useAppDataProvider();
  const { data } = useQuery({
    queryKey: ['tickets-screen', ...key],
    queryFn: () => load(dataProvider).catch(() => [] as T[]),
    staleTime: LOOKUP_STALE_MS,
    retry: false,
    enabled,
  });
  return data ?? [];
}

export const TAGS_KEY = ['tickets-screen', 'tags'] as const;
export const CONNECTIONS_KEY = ['tickets-screen', 'connections'] as const;

export const useTagOptions = () => useLookup<Tag>(['tags'], (dataProvider) => dataProvider.getTagOptions());
export const useQueueOptions = () => useLookup<QueueOption>(['queues'], (dataProvider) => dataProvider.getQueueOptions());
export const useConnectionOptions = (enabled = true) =>
  useLookup<ConnectionOption>(['connections'], (dataProvider) => dataProvider.getConnectionOptions(), enabled);
export const useQuickMessages = () => useLookup<QuickMessage>(['quick-messages'], (dataProvider) => dataProvider.getQuickMessageOptions());
/** Everyone (admin user filter). */
export const useUserOptions = (enabled: boolean) => useLookup<UserOption>(['users'], (dataProvider) => dataProvider.getUserOptions(), enabled);
