import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { Badge, IconButton, Popover, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { useDesktopNotification } from '../pages/tickets/notifications/useDesktopNotification';
import { useHiddenTabAlert } from '../pages/tickets/notifications/useHiddenTabAlert';
import { useNotificationTickets } from '../pages/tickets/notifications/useNotificationTickets';
import { findRoute } from '../routes';
import { DocumentTitle } from './DocumentTitle';
import { NotificationsBellList } from './NotificationsBellList';

/**
 * The top-bar bell: how many tickets have unread customer messages for me, and their list; the tab title shows the
 * count too (and, while the tab is hidden, the latest message). A new message off screen also shows a desktop notice.
 */
export function NotificationsBell() {
  const translate = useTranslate();
  const notify = useDesktopNotification();
  const [latest, alertTab] = useHiddenTabAlert();
  const tickets = useNotificationTickets((ticket) => {
    notify(ticket);
    alertTab(ticket);
  });
  const { pathname } = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = translate('notifications.title');

  return (
    <>
      <DocumentTitle screen={findRoute(pathname)?.title} unread={tickets.length} latest={latest} />
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={translate('notifications.label', { smart_count: tickets.length })}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Badge badgeContent={tickets.length} color="error" max={99} data-notifications-count={tickets.length}>
            <NotificationsOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <NotificationsBellList tickets={tickets} onPick={() => setAnchor(null)} />
      </Popover>
    </>
  );
}
