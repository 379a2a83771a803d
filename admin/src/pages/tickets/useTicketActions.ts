import { useCallback, useState } from 'react';
import { useNavigate, useNotify } from 'react-admin';
import { useNotifyError } from '../../hooks/useNotifyError';
import { ApiError } from '../../providers/httpClient';
import { ticketApi } from './ticketApi';
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
      notify('tickets.errors.otherOpenTicket', {
        type: 'warning',
        messageArgs: { user: other.user?.name ?? '—', queue: other.queue?.name ?? '—' },
      });
      return true;
    },
    [agent?.id, navigate, notify],
  );
}

/** Status changes of core §4 with the payloads of the API contract; `onChanged` gets the server's answer. */
export function useTicketActions(onChanged?: (ticket: Ticket) => void): TicketActions {
  const navigate = useNavigate();
  const notifyError = useNotifyError();
  const notify = useNotify();
  const agent = useAgent();
  const otherOpen = useOtherOpenTicketHandler();
  const [busy, setBusy] = useState(false);

  const run = useCallback(
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

  return {
    busy,
    accept: ticket =>
      run(
        () => ticketApi.update(ticket.id, { status: 'open', userId: me }),
        answer => navigate(`/tickets/${(answer || ticket).uuid}`),
      ),
    returnToQueue: ticket => run(() => ticketApi.update(ticket.id, { status: 'pending', userId: null }), () => navigate('/tickets')),
    finish: ticket =>
      run(
        () =>
          ticketApi.update(ticket.id, {
            status: 'closed',
            userId: me,
            queueId: ticket.queueId,
            useIntegration: false,
            promptId: null,
            integrationId: null,
          }),
        () => navigate('/tickets'),
      ),
    reopen: ticket =>
      run(
        () => ticketApi.update(ticket.id, { status: 'open', userId: me }),
        answer => navigate(`/tickets/${(answer || ticket).uuid}`),
      ),
    transfer: (ticket, target) =>
      run(
        () =>
          ticketApi.update(ticket.id, {
            userId: target.userId,
            queueId: target.queueId,
            whatsappId: target.whatsappId,
            ...(target.userId === null ? { status: 'pending' as const } : {}),
          }),
        () => navigate('/tickets'),
      ),
    remove: ticket =>
      run(
        async () => {
          await ticketApi.remove(ticket.id);
        },
        () => {
          notify('tickets.deleted', { type: 'success' });
          navigate('/tickets');
        },
      ),
  };
}
