import { useCallback, useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { Ticket } from '../types';
import { useTicketPreview } from '../useTicketPreview';
import { askNotificationPermissionOnGesture, showDesktopNotification } from './desktopNotification';
import { senderOf } from './senderOf';

/**
 * A desktop notice for a ticket's new message: titled with the contact, the list's preview line as its body, one
 * per ticket (a newer one replaces it); a click focuses the app on the conversation. Asks for permission once.
 */
export function useDesktopNotification(): (ticket: Ticket) => void {
  const translate = useTranslate();
  const navigate = useNavigate();
  const previewOf = useTicketPreview();

  useEffect(() => askNotificationPermissionOnGesture(), []);

  return useCallback(
    (ticket: Ticket) =>
      showDesktopNotification({
        title: translate('notifications.messageFrom', { name: senderOf(ticket) }),
        body: previewOf(ticket),
        tag: String(ticket.id),
        onClick: () => navigate(`/tickets/${ticket.uuid}`),
      }),
    [translate, navigate, previewOf],
  );
}
