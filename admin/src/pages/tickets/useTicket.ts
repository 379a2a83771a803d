import { useAppDataProvider } from '../../providers/dataProvider';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useNotify } from 'react-admin';
import { ApiError } from '../../providers/httpClient';
import { useCompanyTopic } from '../../realtime/useCompanyTopic';
import type { ContactEvent, TagEvent, Ticket, TicketEvent } from './types';

export interface OpenTicket {
  ticket: Ticket | null;
  loading: boolean;
  /** Merges an answer of the API (status change, tags, contact edit). */
  patch(changes: Partial<Ticket>): void;
}

/**
 * The ticket of /tickets/{uuid}: a refused open (403) says 'Acesso não permitido' and goes back to /tickets;
 * live ticket and contact events keep it current.
 */
export function useTicket(idOrUuid: string | undefined): OpenTicket {
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const navigate = useNavigate();
  const [ticket, setTicket] = useState<Ticket | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    setTicket(null);
    if (!idOrUuid) return;
    let current = true;
    setLoading(true);
    dataProvider
      .getTicketByRoute(idOrUuid)
      .then((answer) => current && setTicket(answer))
      .catch((error: unknown) => {
        if (!current) return;
        const code = error instanceof ApiError ? (error.body as { error?: string } | undefined)?.error : undefined;
        if (error instanceof ApiError && error.status === 403) notify('tickets.errors.noPermission', { type: 'error' });
        else if (code === 'ERR_NO_TICKET_FOUND') notify('errors.ERR_NO_TICKET_FOUND', { type: 'error' });
        else notify('tickets.errors.loadTicket', { type: 'error' });
        navigate('/tickets', { replace: true });
      })
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [idOrUuid, notify, navigate, dataProvider.getTicketByRoute]);

  const patch = useCallback((changes: Partial<Ticket>) => {
    setTicket((previous) => (previous ? { ...previous, ...changes, contact: changes.contact ?? previous.contact } : previous));
  }, []);

  useCompanyTopic<TicketEvent>('ticket', (payload) => {
    if (!ticket) return;
    if (payload.action === 'update' && payload.ticket?.id === ticket.id) {
      // List payloads carry a summary contact: keep the complete one already loaded.
      const { contact, ...rest } = payload.ticket;
      setTicket((previous) => (previous ? { ...previous, ...rest, contact: { ...previous.contact, ...contact } as Ticket['contact'] } : previous));
    } else if (payload.action === 'delete' && Number(payload.ticketId) === ticket.id) {
      navigate('/tickets', { replace: true });
    }
  });

  useCompanyTopic<ContactEvent>('contact', (payload) => {
    const contact = payload.contact;
    if (payload.action !== 'update' || !contact || contact.id !== ticket?.contactId) return;
    setTicket((previous) => (previous ? { ...previous, contact: { ...previous.contact, ...contact } } : previous));
  });

  useCompanyTopic<TagEvent>('tag', (payload) => {
    if (payload.action === 'sync' && Number(payload.ticketId) === ticket?.id) patch({ tags: payload.tags });
  });

  return { ticket, loading, patch };
}
