import { useAppDataProvider } from '../../providers/dataProvider';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useAccess } from '../../hooks/useAccess';
import { useCompanyTopic } from '../../realtime/useCompanyTopic';
import { ignoreFailure } from './chatMethods';
import { mergeChats, totalUnreads, upsertChat } from './chatRules';
import type { Chat, ChatEvent } from './types';

export interface ChatsStore {
  /** Whether the plan has internal chat; nothing is fetched otherwise. */
  enabled: boolean;
  userId: number | undefined;
  /** The caller's chats loaded so far, most recent activity first. */
  chats: Chat[];
  loaded: boolean;
  loading: boolean;
  hasMore: boolean;
  /** Unread messages over the loaded chats, for the bell and the menu dot. */
  unreads: number;
  loadMore(): void;
  upsert(chat: Chat): void;
  remove(chatId: number): void;
  /** Loads one chat that is not in the list yet (an address opened directly). */
  ensure(chatId: number): Promise<Chat | undefined>;
  markRead(chatId: number): void;
}

const ChatsContext = createContext<ChatsStore | null>(null);

/** The internal chat's list, shared by the app-bar bell, the menu dot and the /chats page; kept live. */
export function useChats(): ChatsStore {
  const store = useContext(ChatsContext);
  if (!store) throw new Error('useChats needs a ChatsProvider');
  return store;
}

/** Holds the user's chats for the whole signed-in shell, from GET /chats and the `chat` topic. */
export function ChatsProvider({ children }: { children: ReactNode }) {
  const dataProvider = useAppDataProvider();
  const access = useAccess();
  const enabled = access?.plan('useInternalChat') ?? false;
  const userId = access?.me.user.id;
  const [chats, setChats] = useState<Chat[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [loading, setLoading] = useState(false);
  const [hasMore, setHasMore] = useState(false);
  const nextPage = useRef(1);
  /** Bumped on sign-in changes so answers for a former user are dropped. */
  const generation = useRef(0);

  const fetchPage = useCallback(
    (page: number) => {
      const current = generation.current;
      setLoading(true);
      dataProvider
        .getChatPage(page)
        .then((answer) => {
          if (current !== generation.current) return;
          setChats((known) => mergeChats(page === 1 ? [] : known, answer.records ?? []));
          setHasMore(Boolean(answer.hasMore));
          nextPage.current = page + 1;
        })
        .catch(ignoreFailure)
        .finally(() => {
          if (current !== generation.current) return;
          setLoading(false);
          setLoaded(true);
        });
    },
    [dataProvider.getChatPage],
  );

  useEffect(() => {
    generation.current += 1;
    setChats([]);
    setLoaded(false);
    setHasMore(false);
    if (enabled && userId !== undefined) fetchPage(1);
  }, [enabled, userId, fetchPage]);

  const upsert = useCallback(
    (chat: Chat) =>
      setChats((known) => (chat.users.some((member) => member.userId === userId) ? upsertChat(known, chat) : known.filter((item) => item.id !== chat.id))),
    [userId],
  );
  const remove = useCallback((chatId: number) => setChats((known) => known.filter((chat) => chat.id !== chatId)), []);

  const ensure = useCallback(
    (chatId: number) =>
      dataProvider.getChat(chatId).then((chat) => {
        upsert(chat);
        return chat;
      }, ignoreFailure),
    [upsert, dataProvider.getChat],
  );

  const markRead = useCallback(
    (chatId: number) => {
      dataProvider.markChatRead(chatId).then(upsert, ignoreFailure);
    },
    [upsert, dataProvider.markChatRead],
  );

  const loadMore = useCallback(() => {
    if (!loading && hasMore) fetchPage(nextPage.current);
  }, [loading, hasMore, fetchPage]);

  useCompanyTopic<ChatEvent>('chat', (event) => {
    if (!enabled) return;
    if (event.action === 'delete') remove(Number(event.chatId));
    else if (event.chat) upsert(event.chat);
  });

  const store = useMemo<ChatsStore>(
    () => ({
      enabled,
      userId,
      chats,
      loaded,
      loading,
      hasMore,
      unreads: totalUnreads(chats, userId),
      loadMore,
      upsert,
      remove,
      ensure,
      markRead,
    }),
    [enabled, userId, chats, loaded, loading, hasMore, loadMore, upsert, remove, ensure, markRead],
  );

  return <ChatsContext.Provider value={store}>{children}</ChatsContext.Provider>;
}
