import { useCallback, useState } from 'react';
import { useNavigate, useNotify } from 'react-admin';
import { useNotifyError } from '../../hooks/useNotifyError';
import { useAppDataProvider } from '../../providers/dataProvider';
import { ApiError } from '../../providers/httpClient';
import { inViewerQueues } from '../../pages/tickets/ticketRules';
import type { OtherOpenTicket, TicketStatus } from '../../pages/tickets/types';
import { useAgent } from '../../pages/tickets/useAgent';
import { otherOpenTicket, useOtherOpenTicketHandler } from '../../pages/tickets/useTicketActions';

/** The 409 body names the open ticket's status and queue too: enough to tell whether the caller may open it. */
type OpenTicketConflict = OtherOpenTicket & { status?: string; queueId?: number | null };

const isOutsideWhatsapp = (error: unknown) => {
  if (!(error instanceof ApiError)) return false;
  const body = error.body as { error?: string; invalido?: boolean } | undefined;
  return body?.invalido === true || body?.error === 'ERR_WAPP_INVALID_CONTACT';
};

/**
 * POST /tickets for a contact of the contacts screen as an open ticket of the current user, then /tickets/{uuid}.
 * ERR_OTHER_OPEN_TICKET opens the ticket already there when the caller may (their own, or one the ticket rules let
 * them read), with the notice naming who holds it; otherwise only the notice, and the dialog stays. A number the
 * server finds outside WhatsApp closes the dialog with a notice (the row turns disabled through the contact event).
 */
export function useStartChat(onDone: () => void) {
  const dataProvider = useAppDataProvider();
  const agent = useAgent();
  const navigate = useNavigate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const otherOpen = useOtherOpenTicketHandler();
  const [busy, setBusy] = useState(false);

  const start = useCallback(
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
            other.userId !== agent.id &&
            other.queueId !== undefined &&
            inViewerQueues({ queueId: other.queueId, userId: other.userId, status: (other.status ?? 'open') as TicketStatus }, agent);
          if (other.userId === agent.id || readable) onDone();
          if (readable) navigate(`/tickets/${other.uuid}`);
        } else if (isOutsideWhatsapp(error)) {
          onDone();
          notify('contacts.startChat.refusedOutside', { type: 'warning' });
        } else notifyError(error);
      } finally {
        setBusy(false);
      }
    },
    [agent, dataProvider.openTicket, navigate, notify, notifyError, onDone, otherOpen],
  );

  return { start, busy };
}
