import { Box, Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { dateTime, dayLabel } from './timeLabels';

/** The date between messages of different days. */
export function DayDivider({ date }: { date: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', my: 1.5 }} role="separator" data-day-divider>
      <Chip size="small" label={dayLabel(date)} sx={{ bgcolor: 'background.paper', boxShadow: 1, fontWeight: 500 }} />
    </Box>
  );
}

/** Where the conversation passes from an earlier ticket to the next: 'Conversa encerrada' then 'Conversa iniciada'. */
export function TicketChangeMarker({ closedAt, openedAt }: { closedAt: string; openedAt: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.75, my: 2 }} role="separator" data-ticket-change>
      <Chip
        size="small"
        color="error"
        variant="outlined"
        label={`${translate('tickets.messages.conversationClosed')} · ${dateTime(closedAt)}`}
        sx={{ bgcolor: 'background.paper' }}
      />
      <Chip
        size="small"
        color="success"
        variant="outlined"
        label={`${translate('tickets.messages.conversationStarted')} · ${dateTime(openedAt)}`}
        sx={{ bgcolor: 'background.paper' }}
      />
    </Box>
  );
}
