import AndroidOutlined from '@mui/icons-material/AndroidOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { Badge, Box, Button, IconButton, ListItem, ListItemAvatar, ListItemButton, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { COMPACT_PREVIEW } from './constants';
import { ContactAvatar } from './ContactAvatar';
import { LastInteractionLabel } from './LastInteractionLabel';
import { QueueColorBar } from './QueueColorBar';
import { TicketChips } from './TicketChips';
import { listTime } from './timeLabels';
import type { Ticket } from './types';
import type { TicketActions } from './useTicketActions';
import { useTicketPreview } from './useTicketPreview';

interface TicketListItemProps {
  ticket: Ticket;
  selected: boolean;
  /** Narrow display: the preview is cut at 20 characters. */
  compact: boolean;
  now: Date;
  /** Admins: the spy eye. */
  canSpy: boolean;
  actions: TicketActions;
  onSpy(ticket: Ticket): void;
}

const cut = (text: string, length: number) => (text.length > length ? `${text.slice(0, length)}...` : text);

/** One ticket: queue colour, avatar, name, preview, time, unread count, tags and the status buttons. */
export function TicketListItem({ ticket, selected, compact, now, canSpy, actions, onSpy }: TicketListItemProps) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const name = ticket.contact?.name ?? '';
  const previewOf = useTicketPreview();
  const line = previewOf(ticket);
  const preview = compact ? cut(line, COMPACT_PREVIEW) : line;
  const pending = ticket.status === 'pending';

  const open = () => {
    // A pending ticket opens only through Accept.
    if (!pending) navigate(`/tickets/${ticket.uuid}`);
  };

  return (
    <ListItem disablePadding divider data-ticket-id={ticket.id} data-status={ticket.status} sx={{ position: 'relative' }}>
      <ListItemButton
        selected={selected}
        onClick={open}
        aria-disabled={pending || undefined}
        sx={{ pl: 2, pr: 1, py: 1, alignItems: 'flex-start', cursor: pending ? 'default' : 'pointer' }}
      >
        <QueueColorBar color={ticket.queue?.color} />
        <ListItemAvatar sx={{ minWidth: 52, mt: 0.25 }}>
          <ContactAvatar name={name} src={ticket.contact?.profilePicUrl} />
        </ListItemAvatar>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Typography variant="subtitle2" noWrap sx={{ flex: 1, minWidth: 0 }} title={name}>
              {name}
            </Typography>
            {ticket.chatbot && (
              <Tooltip title={translate('tickets.list.chatbot')}>
                <AndroidOutlined fontSize="small" color="action" aria-label={translate('tickets.list.chatbot')} />
              </Tooltip>
            )}
            <Typography variant="caption" color={ticket.unreadMessages ? 'success.main' : 'text.secondary'} sx={{ whiteSpace: 'nowrap' }}>
              {listTime(ticket.lastMessageAt ?? ticket.updatedAt, now)}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography variant="body2" color="text.secondary" noWrap sx={{ flex: 1, minWidth: 0 }} title={line || undefined} data-preview>
              {preview || '\u00a0'}
            </Typography>
            {line && <LastInteractionLabel updatedAt={ticket.lastMessageAt ?? ticket.updatedAt} now={now} />}
            <Badge
              badgeContent={ticket.unreadMessages}
              color="success"
              max={999}
              aria-label={translate('tickets.list.unread', { smart_count: ticket.unreadMessages })}
              sx={{
                mr: ticket.unreadMessages ? 1.5 : 0,
                '& .MuiBadge-badge': { position: 'static', transform: 'none' },
                '& .MuiBadge-invisible': { display: 'none' },
              }}
            />
          </Box>
          {/* One line of chips, clipped where the buttons start: every row has the same height. The queue keeps its
              whole name (up to half the line) and the user a readable part: the connection gives way first, tags
              are clipped. */}
          <Box
            sx={{
              mr: canSpy ? 14 : 11,
              height: 22,
              overflow: 'hidden',
              '& > .MuiBox-root': { flexWrap: 'nowrap' },
              '& .MuiChip-root': { flexShrink: 0 },
              '& [data-chip="connection"]': { flexShrink: 4, minWidth: 36 },
              '& [data-chip="user"]': { flexShrink: 1, minWidth: 64 },
              '& [data-chip="queue"]': { maxWidth: '50%' },
            }}
            data-chips
          >
            <TicketChips ticket={ticket} />
          </Box>
        </Box>
      </ListItemButton>
      <Box
        sx={{
          position: 'absolute',
          right: 8,
          bottom: 8,
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          '& .MuiButton-root': { py: 0, px: 1, minHeight: 0, minWidth: 0, fontSize: 12, lineHeight: '22px' },
        }}
      >
        {canSpy && (
          <Tooltip title={translate('tickets.list.spy')}>
            <IconButton size="small" aria-label={translate('tickets.list.spy')} onClick={() => onSpy(ticket)} sx={{ p: 0.25 }}>
              <VisibilityOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        {pending && (
          <Button size="small" variant="contained" color="success" disabled={actions.busy} onClick={() => actions.accept(ticket)}>
            {translate('tickets.actions.accept')}
          </Button>
        )}
        {ticket.status === 'open' && (
          <Button size="small" variant="outlined" color="error" disabled={actions.busy} onClick={() => actions.finish(ticket)}>
            {translate('tickets.actions.finish')}
          </Button>
        )}
        {ticket.status === 'closed' && (
          <Button size="small" variant="outlined" disabled={actions.busy} onClick={() => actions.reopen(ticket)}>
            {translate('tickets.actions.reopen')}
          </Button>
        )}
      </Box>
    </ListItem>
  );
}
