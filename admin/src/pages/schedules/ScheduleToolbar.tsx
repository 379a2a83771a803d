import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { Box, Button, IconButton, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ToolbarProps } from 'react-big-calendar';
import type { CalendarEvent } from './calendarEvents';
import { CALENDAR_VIEWS, type CalendarView } from './calendarRange';

/** Today, previous and next, the period's name, and the view switch, in the app's own buttons. */
export function ScheduleToolbar({ label, view, onNavigate, onView }: ToolbarProps<CalendarEvent>) {
  const translate = useTranslate();
  const word = (key: string) => translate(`scheduledMessages.calendar.${key}`);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
      <Button variant="outlined" size="small" onClick={() => onNavigate('TODAY')}>
        {word('today')}
      </Button>
      <Tooltip title={word('previous')}>
        <IconButton size="small" aria-label={word('previous')} onClick={() => onNavigate('PREV')}>
          <ChevronLeft />
        </IconButton>
      </Tooltip>
      <Tooltip title={word('next')}>
        <IconButton size="small" aria-label={word('next')} onClick={() => onNavigate('NEXT')}>
          <ChevronRight />
        </IconButton>
      </Tooltip>
      <Typography component="h2" variant="h6" sx={{ flexGrow: 1, fontWeight: 500, '&::first-letter': { textTransform: 'uppercase' } }}>
        {label}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={view}
        aria-label={word('views')}
        onChange={(_, next: CalendarView | null) => next && onView(next)}
      >
        {CALENDAR_VIEWS.map((name) => (
          <ToggleButton key={name} value={name} sx={{ px: 1.5 }}>
            {word(name)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}
