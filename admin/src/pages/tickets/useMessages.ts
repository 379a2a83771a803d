import { useAppDataProvider } from '../../providers/dataProvider';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ClientEvents } from '../../../../src/shared/realtime-events';
import { ApiError } from '../../providers/httpClient';
import { useNotify } from 'react-admin';
import { useCompanyTopic } from '../../realtime/useCompanyTopic';
import { MESSAGES_DEBOUNCE_MS } from './constants';
import { mergeMessages } from './messageOrder';
import type { ServiceWindow } from '../../../../src/shared/api-types';
import type { AppMessageEvent, Message } from './types';
import { useSocketRoom } from './useSocketRoom';

/** A customer message opens the window again: it closes `hours` after that message. */
const reopened = (window: ServiceWindow, at: string | undefined): ServiceWindow => {
  const sent = at ? Date.parse(at) : Date.now();
  return { ...window, closesAt: new Date((Number.isNaN(sent) ? Date.now() : sent) + window.hours * 3_600_000).toISOString() };
};

/** Pause before marking customer messages read, so a burst costs one request. */
const READ_DEBOUNCE_MS = 1000;

export interface MessageHistory {
  messages: Message[];
  hasMore: boolean;
  loading: boolean;
  /** True once the first page answered (or failed). */
  loaded: boolean;
  loadOlder(): void;
  upsert(messages: Message[]): void;
  /** Grows when a page of older messages was prepended (the list keeps its scroll position). */
  olderVersion: number;
  /** The Cloud API's customer-service window (null: the connection has none); a customer message opens it again. */
  serviceWindow: ServiceWindow | null;
}

export interface MessagesOptions {
  live?: boolean;
  /** When the pause before the first page began (performance.now()), if earlier than this hook's mount. */
  pauseFrom?: number;
}

/**
 * A conversation's messages (GET /messages/{ticketId}): the first page after a 500 ms pause, older pages through the
 * cursor (they reach the contact's earlier tickets), live create/update/delete events, the chat-box room.
 */
export function useMessages(ticketId: number | undefined, { live = true, pauseFrom }: MessagesOptions = {}): MessageHistory {
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const [messages, setMessages] = useState<Message[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [olderVersion, setOlderVersion] = useState(0);
  const [serviceWindow, setServiceWindow] = useState<ServiceWindow | null>(null);
  const cursorRef = useRef<string | null>(null);
  const generation = useRef(0);
  // Live changes that arrive while the first page is on its way: the page may have been read before them.
  const early = useRef<{ waiting: boolean; updates: Map<number, Message> }>({ waiting: false, updates: new Map() });

  useEffect(() => {
    generation.current += 1;
    const mine = generation.current;
    setMessages([]);
    setHasMore(false);
    setLoaded(false);
    setServiceWindow(null);
    cursorRef.current = null;
    early.current = { waiting: Boolean(ticketId), updates: new Map() };
    if (!ticketId) return;
    setLoading(true);
    const pause = MESSAGES_DEBOUNCE_MS - (pauseFrom === undefined ? 0 : Math.min(MESSAGES_DEBOUNCE_MS, performance.now() - pauseFrom));
    const timer = setTimeout(() => {
      dataProvider
        .getMessagePage(ticketId)
        .then((page) => {
          if (generation.current !== mine) return;
          // Messages created live meanwhile stay; changes heard meanwhile are applied over the page.
          const heard = [...early.current.updates.values()];
          early.current = { waiting: false, updates: new Map() };
          setMessages((previous) => {
            const merged = mergeMessages(previous, page.messages ?? []);
            const known = new Set(merged.map((message) => message.id));
            return mergeMessages(
              merged,
              heard.filter((message) => known.has(message.id)),
            );
          });
          setServiceWindow(page.serviceWindow ?? null);
          setHasMore(Boolean(page.hasMore));
          cursorRef.current = page.cursor ?? null;
        })
        .catch((error: unknown) => {
          if (generation.current !== mine) return;
          if (!(error instanceof ApiError && error.status === 404)) notify('tickets.errors.loadMessages', { type: 'error' });
        })
        .finally(() => {
          if (generation.current !== mine) return;
          early.current = { waiting: false, updates: new Map() };
          setLoading(false);
          setLoaded(true);
        });
    }, pause);
    return () => clearTimeout(timer);
  }, [ticketId, notify, dataProvider.getMessagePage, pauseFrom]);

  const loadOlder = useCallback(() => {
    if (!ticketId || !hasMore || loading) return;
    const mine = generation.current;
    setLoading(true);
    dataProvider
      .getMessagePage(ticketId, cursorRef.current)
      .then((page) => {
        if (generation.current !== mine) return;
        setMessages((previous) => mergeMessages(previous, page.messages ?? []));
        setHasMore(Boolean(page.hasMore));
        cursorRef.current = page.cursor ?? null;
        setOlderVersion((version) => version + 1);
      })
      .catch(() => generation.current === mine && notify('tickets.errors.loadMessages', { type: 'error' }))
      .finally(() => generation.current === mine && setLoading(false));
  }, [ticketId, hasMore, loading, notify, dataProvider.getMessagePage]);

  const upsert = useCallback((incoming: Message[]) => setMessages((previous) => mergeMessages(previous, incoming)), []);

  // A customer message read on screen is read: fetching the first page again resets the ticket's unread count
  // (the server then emits updateUnread to the lists and the bell). A hidden page waits until it is shown.
  const unreadWaiting = useRef(false);
  const readTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const markRead = useCallback(() => {
    if (!ticketId || !live) return;
    if (document.visibilityState !== 'visible') {
      unreadWaiting.current = true;
      return;
    }
    unreadWaiting.current = false;
    clearTimeout(readTimer.current);
    readTimer.current = setTimeout(() => {
      dataProvider.getMessagePage(ticketId).then(
        (page) => upsert(page.messages ?? []),
        () => undefined,
      );
    }, READ_DEBOUNCE_MS);
  }, [ticketId, live, upsert, dataProvider.getMessagePage]);

  useEffect(() => {
    const shown = () => unreadWaiting.current && markRead();
    document.addEventListener('visibilitychange', shown);
    return () => {
      document.removeEventListener('visibilitychange', shown);
      clearTimeout(readTimer.current);
    };
  }, [markRead]);

  useSocketRoom(ClientEvents.joinChatBox, ClientEvents.leaveChatBox, live ? ticketId : undefined);

  useCompanyTopic<AppMessageEvent>('appMessage', (payload) => {
    const message = payload.message;
    if (!message || !ticketId) return;
    if (payload.action === 'create') {
      if (message.ticketId !== ticketId) return;
      upsert([message]);
      if (!message.fromMe) {
        markRead();
        setServiceWindow((current) => (current ? reopened(current, message.createdAt) : current));
      }
    } else if (payload.action === 'update') {
      if (early.current.waiting && message.ticketId === ticketId) {
        const before = early.current.updates.get(message.id);
        early.current.updates.set(message.id, before ? (mergeMessages([before], [message])[0] ?? message) : message);
      }
      setMessages((previous) => (previous.some((known) => known.id === message.id) ? mergeMessages(previous, [message]) : previous));
    } else if (payload.action === 'delete') {
      setMessages((previous) => previous.filter((known) => known.id !== message.id));
    }
  });

  return { messages, hasMore, loading, loaded, loadOlder, upsert, olderVersion, serviceWindow };
}
