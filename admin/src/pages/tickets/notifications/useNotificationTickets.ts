import { useAppDataProvider } from '../../../providers/dataProvider';
import { useEffect, useEffectEvent, useState } from 'react';
import { useStore } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { useCompanyTopic } from '../../../realtime/useCompanyTopic';
import { isNotifiable, shouldNotify, upsertTicket } from '../ticketRules';
import type { AppMessageEvent, Ticket, TicketEvent } from '../types';
import { useAgent } from '../useAgent';
import { playNotificationSound, unlockAudioOnGesture } from './notificationSound';

const TICKET_PATH = /^\/tickets\/([^/]+)/;

/** The ticket open in the conversation view, by uuid or id, from the address. */
const openTicketKey = (pathname: string) => TICKET_PATH.exec(pathname)?.[1] ?? null;

/**
 * Tickets with unread customer messages that the user should hear about (core §6), kept live; a new customer
 * message on such a ticket plays the chime and is passed to `onAlert` (with its ticket as the list now shows it)
 * unless that ticket is the conversation on screen in a visible tab.
 */
export function useNotificationTickets(onAlert?: (ticket: Ticket) => void): Ticket[] {
  const dataProvider = useAppDataProvider();
  const agent = useAgent();
  const { pathname } = useLocation();
  const [volume] = useStore<number>('volume', 1);
  const [tickets, setTickets] = useState<Ticket[]>([]);
  const allTicket = agent?.allTicket ?? false;
  const loaded = agent !== undefined;

  const keepNotifiable = useEffectEvent((list: Ticket[]) => (agent ? list.filter((ticket) => isNotifiable(ticket, agent)) : []));

  useEffect(() => {
    if (!loaded) return;
    let current = true;
    const statuses = allTicket ? (['open', 'pending'] as const) : (['open'] as const);
    Promise.all(
      statuses.map((status) =>
        dataProvider.getTicketPage({ status, withUnreadMessages: true }).then(
          (page) => page.tickets ?? [],
          () => [],
        ),
      ),
    )
      .then((lists) => current && setTickets(keepNotifiable(lists.flat())))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [loaded, allTicket, dataProvider.getTicketPage]);

  useEffect(() => unlockAudioOnGesture(), []);

  useCompanyTopic<TicketEvent>('ticket', (payload) => {
    if (!agent) return;
    if (payload.action === 'update' && payload.ticket) {
      const ticket = payload.ticket;
      setTickets((previous) => (isNotifiable(ticket, agent) ? upsertTicket(previous, ticket, false) : previous.filter((known) => known.id !== ticket.id)));
    } else if (payload.action === 'delete' || payload.action === 'updateUnread') {
      const id = Number(payload.ticketId);
      setTickets((previous) => previous.filter((known) => known.id !== id));
    }
  });

  useCompanyTopic<AppMessageEvent>('appMessage', (payload) => {
    if (!agent || payload.action !== 'create' || !payload.ticket) return;
    const { message, ticket } = payload;
    if (!shouldNotify(message, ticket, agent)) return;
    const unread = { ...ticket, unreadMessages: Math.max(ticket.unreadMessages, 1), lastMessage: ticket.lastMessage ?? message.body };
    setTickets((previous) => upsertTicket(previous, unread, true));
    const key = openTicketKey(pathname);
    const onScreen = (key === ticket.uuid || key === String(ticket.id)) && document.visibilityState === 'visible';
    if (onScreen) return;
    playNotificationSound(volume);
    onAlert?.(unread);
  });

  return tickets;
}
