import { useCallback, useState } from 'react';
import { useNavigate, useNotify } from 'react-admin';
import { useNotifyError } from '../../hooks/useNotifyError';
import { useAppDataProvider } from '../../providers/dataProvider';
import { ApiError } from '../../providers/httpClient';
import { inViewerQueues } from './ticketRules';
import type { OtherOpenTicket, TicketStatus } from './types';
import { useAgent } from './useAgent';
import { otherOpenTicket, useOtherOpenTicketHandler } from './useTicketActions';

/** The 409 body names the open ticket's status and queue too: enough to tell whether the caller may open it. */
type OpenTicketConflict = OtherOpenTicket & { status?: string; queueId?: number | null };

export interface CreateTicketOptions {
  /**
   * Started from a contact of the contacts screen: someone else's open ticket the ticket rules let the caller read is
   * opened (the dialog closes), and a number the server finds outside WhatsApp closes the dialog with a notice (the
   * row turns disabled through the contact event). From the tickets screen both leave the dialog open with a notice,
   * so another contact can be chosen.
   */
  fromContactList?: boolean;
}

const isOutsideWhatsapp = (error: unknown) => {
  if (!(error instanceof ApiError)) return false;
  const body = error.body as { error?: string; invalido?: boolean } | undefined;
  return body?.invalido === true || body?.error === 'ERR_WAPP_INVALID_CONTACT';
};

/**
 * POST /tickets as an open ticket of the current user, then /tickets/{uuid}. ERR_OTHER_OPEN_TICKET (core §8): mine →
 * `onDone` and open it; someone else's → a notice with their name and queue (and see `fromContactList`).
 */
export function useCreateTicket(onDone: () => void, { fromContactList = false }: CreateTicketOptions = {}) {
  const dataProvider = useAppDataProvider();
  const agent = useAgent();
  const navigate = useNavigate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const otherOpen = useOtherOpenTicketHandler();
  const [busy, setBusy] = useState(false);

  const create = useCallback(
    async (contactId: number, queueId: number | null, whatsappId: number | null) => {
      if (!agent) return;
      setBusy(true);
      try {
        const ticket = await dataProvider.openTicket({ contactId, queueId, whatsappId, userId: agent.id, status: 'open' });
        onDone();
        navigate(`/tickets/${ticket.uuid}`);
      } catch (error) {
        const other = otherOpenTicket(error) as OpenTicketConflict | null;
        if (other) {
          // The handler opens the caller's own ticket, or words who holds it and in which queue.
          otherOpen(error);
          const readable =
            fromContactList &&
            other.userId !== agent.id &&
            other.queueId !== undefined &&
            inViewerQueues({ queueId: other.queueId, userId: other.userId, status: (other.status ?? 'open') as TicketStatus }, agent);
          if (other.userId === agent.id || readable) onDone();
          if (readable) navigate(`/tickets/${other.uuid}`);
        } else if (fromContactList && isOutsideWhatsapp(error)) {
          onDone();
          notify('contacts.startChat.refusedOutside', { type: 'warning' });
        } else notifyError(error);
      } finally {
        setBusy(false);
      }
    },
    [agent, dataProvider.openTicket, fromContactList, navigate, notify, notifyError, onDone, otherOpen],
  );

  return { create, busy };
}
