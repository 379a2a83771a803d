import { Box, Tab, Tabs, useMediaQuery, type Theme } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { WIDE_LAYOUT } from './constants';
import { NoTicketSelected } from './NoTicketSelected';
import { TicketsManager } from './TicketsManager';
import { TicketView } from './TicketView';
import { useLookupSync } from './useLookupSync';

type NarrowTab = 'ticket' | 'list';

/** Height left under the app bar (the layout adds its own bottom padding). */
const PAGE_HEIGHT = { xs: 'calc(100dvh - 56px - 32px)', sm: 'calc(100dvh - 48px - 40px)' };

/**
 * /tickets and /tickets/{uuid}: list beside the conversation on wide screens; two tabs ('Ticket', 'Atendimentos')
 * on narrow ones. The list stays mounted so its tab, search and scroll survive switching.
 */
export function TicketsPage() {
  const translate = useTranslate();
  const { ticketId } = useParams();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up(WIDE_LAYOUT));
  useLookupSync();
  const [narrowTab, setNarrowTab] = useState<NarrowTab>(ticketId ? 'ticket' : 'list');

  useEffect(() => {
    setNarrowTab(ticketId ? 'ticket' : 'list');
  }, [ticketId]);

  const conversation = ticketId ? <TicketView key={ticketId} idOrUuid={ticketId} showBack={!wide} /> : <NoTicketSelected />;

  if (wide) {
    return (
      <Box sx={{ display: 'flex', gap: 1.5, height: PAGE_HEIGHT, mt: 2, minHeight: 420 }} data-tickets-page="wide">
        <Box sx={{ width: { md: 380, xl: 440 }, flexShrink: 0, minHeight: 0 }}>
          <TicketsManager compact={false} />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0, minHeight: 0 }}>{conversation}</Box>
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: PAGE_HEIGHT, mt: 1, minHeight: 420 }} data-tickets-page="narrow">
      <Tabs value={narrowTab} onChange={(_, value: NarrowTab) => setNarrowTab(value)} variant="fullWidth" sx={{ minHeight: 40, mb: 1 }}>
        <Tab value="ticket" label={translate('tickets.narrowTabs.ticket')} sx={{ minHeight: 40 }} />
        <Tab value="list" label={translate('tickets.narrowTabs.list')} sx={{ minHeight: 40 }} />
      </Tabs>
      <Box sx={{ flex: 1, minHeight: 0, display: narrowTab === 'list' ? 'block' : 'none' }}>
        <TicketsManager compact />
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, display: narrowTab === 'ticket' ? 'block' : 'none' }}>{conversation}</Box>
    </Box>
  );
}
