import { useAppDataProvider } from '../../providers/dataProvider';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-admin';
import { useNotifyError } from '../../hooks/useNotifyError';
import { useAgent } from './useAgent';
import { otherOpenTicket, useOtherOpenTicketHandler } from './useTicketActions';

/**
 * POST /tickets as an open ticket of the current user, then /tickets/{uuid}. ERR_OTHER_OPEN_TICKET (core §8): mine →
 * `onDone` and open it; someone else's → a notice with their name and queue, the dialog stays.
 */
export function useCreateTicket(onDone: () => void) {
  const dataProvider = useAppDataProvider();
  const agent = useAgent();
  const navigate = useNavigate();
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
        const other = otherOpenTicket(error);
        if (other && other.userId === agent.id) onDone();
        if (!otherOpen(error)) notifyError(error);
      } finally {
        setBusy(false);
      }
    },
    [agent, navigate, notifyError, onDone, otherOpen, dataProvider.openTicket],
  );

  return { create, busy };
}
