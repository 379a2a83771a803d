import { useAppDataProvider } from '../../providers/dataProvider';
import { useCallback, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useNavigate, useNotify, useStore, useTranslate } from 'react-admin';
import { useNotifyError } from '../../hooks/useNotifyError';
import { ApiError } from '../../providers/httpClient';
import type { OtherOpenTicket, Ticket } from './types';
import { useAgent } from './useAgent';

export interface TransferTarget {
  userId: number | null;
  queueId: number;
  whatsappId: number;
}

export interface TicketActions {
  busy: boolean;
  accept(ticket: Ticket): Promise<void>;
  returnToQueue(ticket: Ticket): Promise<void>;
  finish(ticket: Ticket): Promise<void>;
  reopen(ticket: Ticket): Promise<void>;
  transfer(ticket: Ticket, target: TransferTarget): Promise<void>;
  remove(ticket: Ticket): Promise<void>;
}

/** The 409 body of ERR_OTHER_OPEN_TICKET, when the error is one. */
export function otherOpenTicket(error: unknown): OtherOpenTicket | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as { error?: string; ticket?: OtherOpenTicket } | undefined;
  return body?.error === 'ERR_OTHER_OPEN_TICKET' && body.ticket ? body.ticket : null;
}

/**
 * Core §8: a ticket already open for the contact; the current user's own goes straight to it, someone else's shows
 * who holds it and in which queue.
 */
export function useOtherOpenTicketHandler() {
  const notify = useNotify();
  const translate = useTranslate();
  const navigate = useNavigate();
  const agent = useAgent();
  return useCallback(
    (error: unknown): boolean => {
      const other = otherOpenTicket(error);
      if (!other) return false;
      if (other.userId === agent?.id) {
        navigate(`/tickets/${other.uuid}`);
        return true;
      }
      const queue = other.queue?.name ?? translate('tickets.noQueue');
      if (other.user) notify('tickets.errors.otherOpenTicket', { type: 'warning', messageArgs: { user: other.user.name, queue } });
      else notify('tickets.errors.otherWaitingTicket', { type: 'warning', messageArgs: { queue } });
      return true;
    },
    [agent?.id, navigate, notify, translate],
  );
}

/** Status changes of core §4 with the payloads of the API contract; `onChanged` gets the server's answer. */
export function useTicketActions(onChanged?: (ticket: Ticket) => void): TicketActions {
  const dataProvider = useAppDataProvider();
  const navigate = useNavigate();
  const notifyError = useNotifyError();
  const notify = useNotify();
  const agent = useAgent();
  const otherOpen = useOtherOpenTicketHandler();
  const [busy, setBusy] = useState(false);
  // The list follows a ticket it just opened: accepted or reopened tickets live under 'Atendendo'.
  const [, setMainTab] = useStore<string>('tickets.tab', 'open');
  const [, setOpenTab] = useStore<string>('tickets.openTab', 'open');
  const showOpen = useCallback(() => {
    setMainTab('open');
    setOpenTab('open');
  }, [setMainTab, setOpenTab]);

  const run = useCallback(
    // biome-ignore lint/suspicious/noConfusingVoidType: actions answer the changed ticket or nothing at all
    async (work: () => Promise<Ticket | void>, after?: (ticket: Ticket | void) => void) => {
      setBusy(true);
      try {
        const answer = await work();
        if (answer) onChanged?.(answer);
        after?.(answer);
      } catch (error) {
        if (!otherOpen(error)) notifyError(error);
      } finally {
        setBusy(false);
      }
    },
    [notifyError, onChanged, otherOpen],
  );

  const me = agent?.id ?? null;
  const success = (message: string, messageArgs?: Record<string, string>) => notify(message, { type: 'success', messageArgs });
  /** Where a transfer or a return left the ticket: the server's answer names its queue and user. */
  const transferred = (answer: Ticket | undefined) => {
    const queue = answer?.queue?.name;
    const user = answer?.user?.name;
    if (queue && user) success('ticketFeedback.transferredToUser', { queue, user });
    else if (queue) success('ticketFeedback.transferredToQueue', { queue });
    else success('ticketFeedback.transferredNoQueue');
  };
  const returned = (answer: Ticket | undefined, ticket: Ticket) => {
    const queue = (answer || ticket).queue?.name;
    success(queue ? 'ticketFeedback.returnedToQueue' : 'ticketFeedback.returnedNoQueue', queue ? { queue } : undefined);
  };
  // Leaving a ticket (finish, return, transfer, delete) closes its conversation, not another one that is open.
  const { pathname } = useLocation();
  const leave = (ticket: Ticket) => {
    const open = /^\/tickets\/([^/]+)/.exec(pathname)?.[1];
    if (open === ticket.uuid || open === String(ticket.id)) navigate('/tickets');
  };

  return {
    busy,
    accept: (ticket) =>
      run(
        () => dataProvider.changeTicket(ticket.id, { status: 'open', userId: me }),
        (answer) => {
          success('moreFeedback.accepted');
          showOpen();
          navigate(`/tickets/${(answer || ticket).uuid}`);
        },
      ),
    returnToQueue: (ticket) =>
      run(
        () => dataProvider.changeTicket(ticket.id, { status: 'pending', userId: null }),
        (answer) => {
          returned(answer || undefined, ticket);
          leave(ticket);
        },
      ),
    finish: (ticket) =>
      run(
        () =>
          dataProvider.changeTicket(ticket.id, {
            status: 'closed',
            userId: me,
            queueId: ticket.queueId,
            useIntegration: false,
            promptId: null,
            integrationId: null,
          }),
        () => {
          success('ticketFeedback.resolved');
          leave(ticket);
        },
      ),
    reopen: (ticket) =>
      run(
        () => dataProvider.changeTicket(ticket.id, { status: 'open', userId: me }),
        (answer) => {
          success('ticketFeedback.reopened');
          showOpen();
          navigate(`/tickets/${(answer || ticket).uuid}`);
        },
      ),
    transfer: (ticket, target) =>
      run(
        () =>
          dataProvider.changeTicket(ticket.id, {
            userId: target.userId,
            queueId: target.queueId,
            whatsappId: target.whatsappId,
            ...(target.userId === null ? { status: 'pending' as const } : {}),
          }),
        (answer) => {
          transferred(answer || undefined);
          leave(ticket);
        },
      ),
    remove: (ticket) =>
      run(
        async () => {
          await dataProvider.deleteTicket(ticket.id);
        },
        () => {
          notify('tickets.deleted', { type: 'success' });
          leave(ticket);
        },
      ),
  };
}
