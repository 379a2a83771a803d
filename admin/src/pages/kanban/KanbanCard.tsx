import OpenInNew from '@mui/icons-material/OpenInNew';
import { Box, Chip, Link, Paper, Typography } from '@mui/material';
import type { SyntheticEvent } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { ContactAvatar } from '../tickets/ContactAvatar';
import { CardTags } from './CardTags';
import { useTicketPreview } from '../tickets/useTicketPreview';
import { MoveToMenu } from './MoveToMenu';
import type { KanbanTicket, Lane } from './types';

interface KanbanCardProps {
  ticket: KanbanTicket;
  /** Every lane, lane 0 first, for the move menu. */
  lanes: Lane[];
  laneId: number;
  onMove(ticketId: number, laneId: number): void;
  /** The copy that follows the pointer while dragging: raised, without the actions. */
  overlay?: boolean;
}

const keepFromDrag = (event: SyntheticEvent) => event.stopPropagation();

const twoLines = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  wordBreak: 'break-word',
} as const;

/** One ticket on the board: contact, last message, queue and the link to the conversation. */
export function KanbanCard({ ticket, lanes, laneId, onMove, overlay = false }: KanbanCardProps) {
  const translate = useTranslate();
  const name = ticket.contact?.name ?? '';
  const preview = useTicketPreview()(ticket);
  return (
    <Paper
      variant={overlay ? 'elevation' : 'outlined'}
      elevation={overlay ? 8 : 0}
      data-kanban-card={ticket.id}
      sx={{ p: 1.25, display: 'flex', flexDirection: 'column', gap: 0.75, userSelect: 'none', ...(overlay && { transform: 'rotate(2deg)' }) }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <ContactAvatar name={name} src={ticket.contact?.profilePicUrl} size={36} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle2" noWrap title={name} sx={{ lineHeight: 1.3 }}>
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {ticket.contact?.number}
          </Typography>
        </Box>
        {!overlay && <MoveToMenu lanes={lanes} currentLaneId={laneId} contactName={name} onMove={(target) => onMove(ticket.id, target)} />}
      </Box>
      <Typography variant="body2" color="text.secondary" title={preview || undefined} data-last-message sx={twoLines}>
        {preview || translate('kanban.noMessage')}
      </Typography>
      <CardTags tags={ticket.tags} laneId={laneId} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Chip
          size="small"
          label={ticket.queue?.name ?? translate('tickets.noQueue')}
          data-chip="queue"
          sx={{ height: 20, fontSize: 11, fontWeight: 500, bgcolor: ticket.queue?.color || 'grey.500', color: '#fff', maxWidth: 150 }}
        />
        <Box sx={{ flex: 1 }} />
        <Link
          component={RouterLink}
          to={`/tickets/${ticket.uuid}`}
          draggable={false}
          onMouseDown={keepFromDrag}
          onTouchStart={keepFromDrag}
          variant="body2"
          underline="hover"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, fontWeight: 500, whiteSpace: 'nowrap' }}
        >
          {translate('kanban.openTicket')}
          <OpenInNew sx={{ fontSize: 14 }} />
        </Link>
      </Box>
    </Paper>
  );
}
