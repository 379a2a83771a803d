import { Box, CircularProgress, Paper, useMediaQuery, type Theme } from '@mui/material';
import { useState } from 'react';
import { ContactDrawer } from './ContactDrawer';
import { MessageInput } from './MessageInput';
import { MessageList } from './MessageList';
import { ReplyProvider } from './ReplyContext';
import { ServiceWindowBar } from './ServiceWindowBar';
import { windowOpen } from './serviceWindow';
import { TemplateComposer } from './TemplateComposer';
import { TagsBar } from './TagsBar';
import { TicketHeader } from './TicketHeader';
import type { Ticket } from './types';
import { useMessages } from './useMessages';
import { useNow } from './useNow';
import { useTicket } from './useTicket';
import { useTicketActions } from './useTicketActions';

/**
 * The conversation of /tickets/{uuid}: header, tags, messages, input and the contact drawer. A WhatsApp Cloud API
 * conversation also shows its 24-hour window, and once it closed offers approved templates instead of free text.
 */
export function TicketView({ idOrUuid, showBack }: { idOrUuid: string; showBack: boolean }) {
  const { ticket, patch } = useTicket(idOrUuid);
  // The messages' pause starts when the ticket is chosen, not once it has loaded: the two waits overlap.
  const [chosenAt] = useState(() => performance.now());
  if (!ticket) {
    return (
      <Paper variant="outlined" sx={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <CircularProgress />
      </Paper>
    );
  }
  return <Conversation key={ticket.id} ticket={ticket} patch={patch} showBack={showBack} chosenAt={chosenAt} />;
}

function Conversation({ ticket, patch, showBack, chosenAt }: { ticket: Ticket; patch(changes: Partial<Ticket>): void; showBack: boolean; chosenAt: number }) {
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const history = useMessages(ticket.id, { pauseFrom: chosenAt });
  const actions = useTicketActions(patch);
  // The window is looked at again every 30 s, so a conversation left on screen switches to templates when it closes.
  const now = useNow(30_000);
  const serviceWindow = history.serviceWindow;
  const open = windowOpen(serviceWindow, now.getTime());

  return (
    <Paper variant="outlined" sx={{ height: '100%', display: 'flex', overflow: 'hidden' }} data-conversation={ticket.id}>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TicketHeader ticket={ticket} actions={actions} showBack={showBack} onOpenContact={() => setDrawerOpen((open) => !open)} />
        <TagsBar ticket={ticket} onChange={(tags) => patch({ tags })} />
        <ReplyProvider>
          <MessageList ticket={ticket} history={history} />
          {serviceWindow && <ServiceWindowBar window={serviceWindow} open={open} now={now} />}
          {open ? <MessageInput ticket={ticket} onSent={history.upsert} /> : <TemplateComposer ticket={ticket} onSent={history.upsert} />}
        </ReplyProvider>
      </Box>
      <ContactDrawer ticket={ticket} open={drawerOpen} inline={wide} onClose={() => setDrawerOpen(false)} onContactSaved={(contact) => patch({ contact })} />
    </Paper>
  );
}
