import { useCallback, useEffect, useState } from 'react';
import type { Ticket } from '../types';
import { useTicketPreview } from '../useTicketPreview';
import { senderOf } from './senderOf';

const hidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

/**
 * While the tab is hidden, the sender and preview of the latest message that rang ("Maria: 🎤 Áudio (0:12)"), for
 * the tab's title; null again as soon as the tab is visible. The second item records a message.
 */
export function useHiddenTabAlert(): [string | null, (ticket: Ticket) => void] {
  const previewOf = useTicketPreview();
  const [line, setLine] = useState<string | null>(null);

  useEffect(() => {
    const onChange = () => {
      if (!hidden()) setLine(null);
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);

  const record = useCallback(
    (ticket: Ticket) => {
      if (!hidden()) return;
      const sender = senderOf(ticket);
      const preview = previewOf(ticket);
      setLine(sender ? `${sender}: ${preview}` : preview);
    },
    [previewOf],
  );

  return [line, record];
}
