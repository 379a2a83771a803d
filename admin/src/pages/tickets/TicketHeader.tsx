import ArrowBack from '@mui/icons-material/ArrowBack';
import { Box, ButtonBase, IconButton, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ContactAvatar } from './ContactAvatar';
import { TicketHeaderActions } from './TicketHeaderActions';
import type { Ticket } from './types';
import type { TicketActions } from './useTicketActions';

/** Contact (opens the contact drawer), assignment, and the ticket's actions. */
export function TicketHeader({
  ticket,
  actions,
  showBack,
  onOpenContact,
}: {
  ticket: Ticket;
  actions: TicketActions;
  showBack: boolean;
  onOpenContact(): void;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const name = ticket.contact?.name ?? '';
  const assignment = ticket.ratingPending
    ? translate('tickets.header.ratingPending')
    : ticket.user
      ? translate('tickets.header.assignedTo', { name: ticket.user.name })
      : translate(`tickets.header.status.${ticket.status}`);

  return (
    <Paper
      square
      elevation={0}
      data-ticket-header
      sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 0.75, borderBottom: 1, borderColor: 'divider', flexWrap: 'wrap' }}
    >
      {showBack && (
        <IconButton aria-label={translate('tickets.header.back')} onClick={() => navigate('/tickets')}>
          <ArrowBack />
        </IconButton>
      )}
      <ButtonBase
        onClick={onOpenContact}
        aria-label={translate('tickets.header.contactDetails', { name })}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          flex: 1,
          minWidth: 180,
          justifyContent: 'flex-start',
          borderRadius: 1,
          p: 0.5,
          textAlign: 'left',
        }}
      >
        <ContactAvatar name={name} src={ticket.contact?.profilePicUrl} size={40} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" noWrap sx={{ fontWeight: 500, lineHeight: 1.3 }}>
            {name}{' '}
            <Typography component="span" variant="caption" color="text.secondary">
              #{ticket.id}
            </Typography>
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {assignment}
            {ticket.queue ? ` · ${ticket.queue.name}` : ''}
          </Typography>
        </Box>
      </ButtonBase>
      <TicketHeaderActions ticket={ticket} actions={actions} />
    </Paper>
  );
}
