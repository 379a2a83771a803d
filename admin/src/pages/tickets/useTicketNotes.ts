import { useAppDataProvider } from '../../providers/dataProvider';
import { useCallback, useEffect, useState } from 'react';
import type { TicketNote } from './types';

/** Notes of a ticket and contact (GET /ticket-notes/list); a failed or absent list reads as empty. */
export function useTicketNotes(ticketId: number, contactId: number) {
  const dataProvider = useAppDataProvider();
  const [notes, setNotes] = useState<TicketNote[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let current = true;
    setLoading(true);
    dataProvider
      .getTicketNotes(ticketId, contactId)
      .then((list) => current && setNotes(list))
      .catch(() => current && setNotes([]))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [ticketId, contactId, dataProvider.getTicketNotes]);

  const add = useCallback((note: TicketNote) => setNotes((previous) => [note, ...previous.filter((known) => known.id !== note.id)]), []);
  const drop = useCallback((id: number) => setNotes((previous) => previous.filter((known) => known.id !== id)), []);
  return { notes, loading, add, drop };
}
