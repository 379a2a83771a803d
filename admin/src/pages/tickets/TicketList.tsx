import { Box, CircularProgress, List, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useNearEnd } from '../../hooks/useNearEnd';
import { LAST_INTERACTION_REFRESH_MS } from './constants';
import { TicketListItem } from './TicketListItem';
import { TicketPreviewDialog } from './TicketPreviewDialog';
import type { Ticket, TicketStatus } from './types';
import { useAgent } from './useAgent';
import { useNow } from './useNow';
import { useTicketActions } from './useTicketActions';
import { useTicketList } from './useTicketList';

interface TicketListProps {
  /** Undefined: the search tab. */
  status?: TicketStatus;
  searchParam?: string;
  tags?: number[];
  users?: number[];
  showAll: boolean;
  compact: boolean;
}

/** A scrolling, live list of tickets; the next page loads within 100 px of the bottom. */
export function TicketList({ status, searchParam, tags, users, showAll, compact }: TicketListProps) {
  const translate = useTranslate();
  const agent = useAgent();
  const { ticketId } = useParams();
  const list = useTicketList({ status, searchParam, tags, users, showAll, viewer: agent });
  const actions = useTicketActions(list.apply);
  const now = useNow(LAST_INTERACTION_REFRESH_MS);
  const [spying, setSpying] = useState<Ticket | null>(null);
  const { rootRef, sentinelRef } = useNearEnd<HTMLDivElement, HTMLDivElement>(list.loadMore, list.hasMore && !list.loading);

  return (
    <Box ref={rootRef} sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }} data-ticket-list={status ?? 'search'}>
      <List disablePadding>
        {list.tickets.map((ticket) => (
          <TicketListItem
            key={ticket.id}
            ticket={ticket}
            selected={ticketId === ticket.uuid || ticketId === String(ticket.id)}
            compact={compact}
            now={now}
            canSpy={agent?.isAdmin ?? false}
            actions={actions}
            onSpy={setSpying}
          />
        ))}
      </List>
      {!list.loading && list.tickets.length === 0 && (
        <Box sx={{ p: 3, textAlign: 'center' }}>
          <Typography variant="subtitle2">{translate('tickets.list.emptyTitle')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('tickets.list.emptyMessage')}
          </Typography>
        </Box>
      )}
      {list.loading && (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
          <CircularProgress size={24} />
        </Box>
      )}
      <div ref={sentinelRef} style={{ height: 1 }} />
      {spying && <TicketPreviewDialog ticket={spying} onClose={() => setSpying(null)} />}
    </Box>
  );
}
