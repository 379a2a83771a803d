import { useAppDataProvider } from '../../providers/dataProvider';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ClientEvents } from '../../../../src/shared/realtime-events';
import { useNotify } from 'react-admin';
import { ApiError } from '../../providers/httpClient';
import { useCompanyTopic } from '../../realtime/useCompanyTopic';
import { type TicketQuery } from './ticketMethods';
import { belongsToList, upsertTicket, type Viewer } from './ticketRules';
import type { AppMessageEvent, ContactEvent, TagEvent, Ticket, TicketEvent, TicketStatus } from './types';
import { useSocketRoom } from './useSocketRoom';

export interface TicketListOptions {
  /** Undefined: the search tab (any status, no live inserts). */
  status?: TicketStatus;
  searchParam?: string;
  tags?: number[];
  users?: number[];
  showAll: boolean;
  viewer: Viewer | undefined;
}

export interface TicketList {
  tickets: Ticket[];
  hasMore: boolean;
  loading: boolean;
  loadMore(): void;
  /** Applies an answer of the API (accept, finish…) before its event arrives. */
  apply(ticket: Ticket): void;
  remove(ticketId: number): void;
}

/**
 * One tab of the ticket list: keyset pages of GET /tickets, kept live from the ticket, message and contact events
 * without reloading (updates replace in place, new messages move the ticket to the top, other tickets are dropped).
 */
export function useTicketList({ status, searchParam, tags, users, showAll, viewer }: TicketListOptions): TicketList {
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const [tickets, setTickets] = useState<Ticket[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [cursor, setCursor] = useState<{ cursor: string | null; pageNumber: number } | null>(null);
  const nextRef = useRef<{ cursor: string | null; pageNumber: number }>({ cursor: null, pageNumber: 1 });
  const isSearch = status === undefined;
  const tagsKey = JSON.stringify(tags ?? []);
  const usersKey = JSON.stringify(users ?? []);

  // A new query (tab, search text, filters) restarts at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query's parts are the trigger, read by the loading effect below
  useEffect(() => {
    setTickets([]);
    setHasMore(false);
    setCursor({ cursor: null, pageNumber: 1 });
  }, [status, searchParam, tagsKey, usersKey, showAll]);

  useEffect(() => {
    if (!cursor) return;
    let current = true;
    setLoading(true);
    const query: TicketQuery = {
      status,
      searchParam,
      tags: JSON.parse(tagsKey) as number[],
      users: JSON.parse(usersKey) as number[],
      showAll,
      cursor: cursor.cursor,
      pageNumber: cursor.pageNumber,
    };
    dataProvider
      .getTicketPage(query)
      .then((page) => {
        if (!current) return;
        const received = page.tickets ?? [];
        setTickets((previous) => {
          if (cursor.cursor === null && cursor.pageNumber === 1) return received;
          return [...previous, ...received.filter((ticket) => !previous.some((known) => known.id === ticket.id))];
        });
        setHasMore(Boolean(page.hasMore));
        nextRef.current = { cursor: page.cursor ?? null, pageNumber: cursor.pageNumber + 1 };
      })
      .catch((error) => {
        if (!current) return;
        // A 404 is an API not served yet: the list just stays empty.
        if (!(error instanceof ApiError && error.status === 404)) notify('tickets.errors.loadTickets', { type: 'error' });
      })
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [cursor, status, searchParam, tagsKey, usersKey, showAll, notify, dataProvider.getTicketPage]);

  const loadMore = useCallback(() => {
    if (hasMore && !loading) setCursor({ ...nextRef.current });
  }, [hasMore, loading]);

  const fits = useCallback((ticket: Ticket) => (status && viewer ? belongsToList(ticket, { status, showAll }, viewer) : true), [status, showAll, viewer]);

  const apply = useCallback(
    (ticket: Ticket) => {
      setTickets((previous) => {
        const known = previous.some((item) => item.id === ticket.id);
        if (!fits(ticket)) return known ? previous.filter((item) => item.id !== ticket.id) : previous;
        if (isSearch && !known) return previous;
        return upsertTicket(previous, ticket, false);
      });
    },
    [fits, isSearch],
  );

  const remove = useCallback((ticketId: number) => {
    setTickets((previous) => previous.filter((item) => item.id !== ticketId));
  }, []);

  useSocketRoom(ClientEvents.joinTickets, ClientEvents.leaveTickets, status);

  useCompanyTopic<TicketEvent>('ticket', (payload) => {
    if (payload.action === 'update' && payload.ticket) apply(payload.ticket);
    else if (payload.action === 'delete') remove(Number(payload.ticketId));
    else if (payload.action === 'updateUnread') {
      const id = Number(payload.ticketId);
      setTickets((previous) => previous.map((item) => (item.id === id ? { ...item, unreadMessages: 0 } : item)));
    }
  });

  useCompanyTopic<AppMessageEvent>('appMessage', (payload) => {
    if (payload.action !== 'create' || !payload.ticket) return;
    const { ticket, message } = payload;
    setTickets((previous) => {
      const known = previous.find((item) => item.id === ticket.id);
      if (!fits(ticket) || (isSearch && !known)) return previous;
      // The event's ticket already counts the message; count it when an older payload does not.
      const unread = message.fromMe ? ticket.unreadMessages : Math.max(ticket.unreadMessages, (known?.unreadMessages ?? 0) + 1);
      return upsertTicket(previous, { ...ticket, unreadMessages: unread, lastMessage: ticket.lastMessage ?? message.body }, true);
    });
  });

  useCompanyTopic<ContactEvent>('contact', (payload) => {
    const contact = payload.contact;
    if (payload.action !== 'update' || !contact) return;
    setTickets((previous) => previous.map((item) => (item.contactId === contact.id ? { ...item, contact: { ...item.contact, ...contact } } : item)));
  });

  useCompanyTopic<TagEvent>('tag', (payload) => {
    if (payload.action === 'sync') {
      const id = Number(payload.ticketId);
      setTickets((previous) => previous.map((item) => (item.id === id ? { ...item, tags: payload.tags } : item)));
    } else if (payload.action === 'delete') {
      const tagId = Number(payload.tagId);
      setTickets((previous) =>
        previous.map((item) => (item.tags?.some((tag) => tag.id === tagId) ? { ...item, tags: item.tags.filter((tag) => tag.id !== tagId) } : item)),
      );
    } else if (payload.tag) {
      const tag = payload.tag;
      setTickets((previous) =>
        previous.map((item) =>
          item.tags?.some((known) => known.id === tag.id)
            ? { ...item, tags: item.tags.map((known) => (known.id === tag.id ? { id: tag.id, name: tag.name, color: tag.color } : known)) }
            : item,
        ),
      );
    }
  });

  return { tickets, hasMore, loading, loadMore, apply, remove };
}
