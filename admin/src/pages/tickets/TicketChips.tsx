import { Box, Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Ticket } from './types';

const chipSx = { height: 18, fontSize: 10.5, fontWeight: 500, '& .MuiChip-label': { px: 0.75 } } as const;

/** Connection, user and queue ('SEM FILA' without one), a pending rating, then the contact's tags. */
export function TicketChips({ ticket }: { ticket: Ticket }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
      {ticket.whatsapp && <Chip size="small" label={ticket.whatsapp.name} sx={{ ...chipSx, bgcolor: '#25D366', color: '#fff' }} data-chip="connection" />}
      {ticket.user && <Chip size="small" label={ticket.user.name} sx={{ ...chipSx, bgcolor: 'grey.800', color: '#fff' }} data-chip="user" />}
      <Chip
        size="small"
        data-chip="queue"
        label={ticket.queue?.name ?? translate('tickets.noQueue')}
        sx={{ ...chipSx, bgcolor: ticket.queue?.color || 'grey.500', color: '#fff' }}
      />
      {ticket.ratingPending && (
        <Chip size="small" label={translate('tickets.ratingPending')} sx={{ ...chipSx, bgcolor: 'warning.main', color: '#fff' }} data-chip="rating" />
      )}
      {(ticket.tags ?? []).map((tag) => (
        <Chip key={tag.id} size="small" label={tag.name} sx={{ ...chipSx, bgcolor: tag.color || 'grey.600', color: '#fff' }} data-chip="tag" />
      ))}
    </Box>
  );
}
