import { useAppDataProvider } from '../../providers/dataProvider';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useCompanyTopic } from '../../realtime/useCompanyTopic';
import { ignoreFailure } from './chatMethods';
import { mergeMessages } from './chatRules';
import type { ChatEvent, ChatMessage } from './types';

export interface ChatHistory {
  messages: ChatMessage[];
  loaded: boolean;
  loading: boolean;
  hasMore: boolean;
  /** Bumped when an older page lands, so the view can keep the reader's place. */
  olderVersion: number;
  loadOlder(): void;
  add(message: ChatMessage): void;
}

/**
 * One chat's messages: page 1 is the newest 20 (chronological), each further page the 20 before; new messages of
 * this chat arrive live.
 */
export function useChatMessages(chatId: number): ChatHistory {
  const dataProvider = useAppDataProvider();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [loading, setLoading] = useState(false);
  const [hasMore, setHasMore] = useState(false);
  const [olderVersion, setOlderVersion] = useState(0);
  const nextPage = useRef(1);
  const busy = useRef(false);
  const mounted = useRef(true);

  const fetchPage = useCallback(
    (page: number) => {
      busy.current = true;
      setLoading(true);
      dataProvider
        .getChatMessagePage(chatId, page)
        .then((answer) => {
          if (!mounted.current) return;
          setMessages((known) => mergeMessages(known, answer.records ?? []));
          setHasMore(Boolean(answer.hasMore));
          nextPage.current = page + 1;
          if (page > 1) setOlderVersion((version) => version + 1);
        })
        .catch(ignoreFailure)
        .finally(() => {
          busy.current = false;
          if (!mounted.current) return;
          setLoading(false);
          setLoaded(true);
        });
    },
    [chatId, dataProvider.getChatMessagePage],
  );

  useEffect(() => {
    mounted.current = true;
    fetchPage(1);
    return () => {
      mounted.current = false;
    };
  }, [fetchPage]);

  const loadOlder = useCallback(() => {
    if (!busy.current && hasMore) fetchPage(nextPage.current);
  }, [hasMore, fetchPage]);

  const add = useCallback((message: ChatMessage) => setMessages((known) => mergeMessages(known, [message])), []);

  useCompanyTopic<ChatEvent>('chat', (event) => {
    if (event.action !== 'new-message' || Number(event.newMessage?.chatId) !== chatId) return;
    add(event.newMessage);
  });

  return { messages, loaded, loading, hasMore, olderVersion, loadOlder, add };
}
