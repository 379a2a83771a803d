import { Badge, Box, List, ListItemAvatar, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ContactAvatar } from '../pages/tickets/ContactAvatar';
import { listTime } from '../pages/tickets/timeLabels';
import type { Ticket } from '../pages/tickets/types';
import { useTicketPreview } from '../pages/tickets/useTicketPreview';

/** The bell's popover: tickets with unread messages, or 'Nenhuma notificação.'. */
export function NotificationsBellList({ tickets, onPick }: { tickets: Ticket[]; onPick(): void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const previewOf = useTicketPreview();
  return (
    <Box sx={{ width: 340, maxWidth: '100vw', maxHeight: 420, overflowY: 'auto' }} data-notifications>
      {tickets.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
          {translate('notifications.empty')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {tickets.map((ticket) => (
            <ListItemButton
              key={ticket.id}
              divider
              onClick={() => {
                onPick();
                navigate(`/tickets/${ticket.uuid}`);
              }}
            >
              <ListItemAvatar sx={{ minWidth: 48 }}>
                <ContactAvatar name={ticket.contact?.name} src={ticket.contact?.profilePicUrl} size={36} />
              </ListItemAvatar>
              <ListItemText
                primary={ticket.contact?.name}
                secondary={previewOf(ticket)}
                slotProps={{ primary: { noWrap: true, sx: { fontWeight: 500 } }, secondary: { noWrap: true } }}
                sx={{ minWidth: 0 }}
              />
              <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5, ml: 1 }}>
                <Typography variant="caption" color="text.secondary">
                  {listTime(ticket.lastMessageAt ?? ticket.updatedAt)}
                </Typography>
                <Badge badgeContent={ticket.unreadMessages} color="success" max={999} sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none' } }} />
              </Box>
            </ListItemButton>
          ))}
        </List>
      )}
    </Box>
  );
}
