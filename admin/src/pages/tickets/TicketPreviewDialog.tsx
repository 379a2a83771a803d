import Close from '@mui/icons-material/Close';
import { Box, Dialog, DialogTitle, IconButton, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ContactAvatar } from './ContactAvatar';
import { MessageList } from './MessageList';
import { ReplyProvider } from './ReplyContext';
import type { Ticket } from './types';
import { useMessages } from './useMessages';

/** The admin's 'spy' view: a ticket's messages, read-only, without taking the ticket. */
export function TicketPreviewDialog({ ticket, onClose }: { ticket: Ticket; onClose(): void }) {
  const translate = useTranslate();
  const history = useMessages(ticket.id, { live: false });
  const name = ticket.contact?.name ?? '';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="ticket-preview-title" slotProps={{ paper: { sx: { height: '85vh' } } }}>
      <DialogTitle id="ticket-preview-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1.5 }}>
        <ContactAvatar name={name} src={ticket.contact?.profilePicUrl} size={36} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" noWrap>
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {translate('tickets.preview.subtitle', { id: ticket.id, status: translate(`tickets.header.status.${ticket.status}`) })}
          </Typography>
        </Box>
        <IconButton aria-label={translate('common.close')} onClick={onClose}>
          <Close />
        </IconButton>
      </DialogTitle>
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }} data-ticket-preview>
        <ReplyProvider>
          <MessageList ticket={ticket} history={history} readOnly />
        </ReplyProvider>
      </Box>
    </Dialog>
  );
}
