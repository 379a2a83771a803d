import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { EventProps } from 'react-big-calendar';
import { formatInstant } from './dateTimeText';
import type { CalendarEvent } from './calendarEvents';
import { useScheduleActions } from './scheduleActions';
import { isEditableStatus } from './scheduleRules';
import { ScheduleStatusDot } from './ScheduleStatusDot';
import type { Schedule } from './types';

/** The time of day a schedule goes out, as the calendar's clock shows it. */
const timeOf = (schedule: Schedule) => formatInstant(schedule.sendAt).slice(-5);

/** Month, week and day views: time, contact name, and the edit (or view) and delete icons. */
export function ScheduleEvent({ event }: EventProps<CalendarEvent>) {
  const { schedule } = event;
  return (
    <EventRow schedule={schedule}>
      <Box component="span" sx={{ fontWeight: 500, flexShrink: 0 }}>
        {timeOf(schedule)}
      </Box>
      <Name>{schedule.contact?.name}</Name>
    </EventRow>
  );
}

/** Agenda view: the time has its own column; the status and the message say the rest. */
export function ScheduleAgendaEvent({ event }: EventProps<CalendarEvent>) {
  const translate = useTranslate();
  const { schedule } = event;
  return (
    <EventRow schedule={schedule}>
      <ScheduleStatusDot status={schedule.status} />
      <Name>{schedule.contact?.name}</Name>
      {/* On a phone the dot says it: the name needs the room. */}
      <Typography component="span" variant="body2" color="text.secondary" sx={{ flexShrink: 0, display: { xs: 'none', sm: 'inline' } }}>
        {translate(`scheduledMessages.statuses.${schedule.status}`)}
      </Typography>
      <Typography component="span" variant="body2" color="text.secondary" noWrap sx={{ flex: 1, minWidth: 0 }}>
        {schedule.body}
      </Typography>
    </EventRow>
  );
}

function Name({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
      {children}
    </Box>
  );
}

function EventRow({ schedule, children }: { schedule: Schedule; children: ReactNode }) {
  const translate = useTranslate();
  const actions = useScheduleActions();
  const manage = actions.canManage(schedule);
  const editable = manage && isEditableStatus(schedule.status);
  // The icons act on their own: the click must not also reach the calendar's event (which opens the dialog).
  const act = (action: () => void) => (event: MouseEvent) => {
    event.stopPropagation();
    action();
  };
  const openLabel = translate(editable ? 'scheduledMessages.edit' : 'scheduledMessages.view');
  const deleteLabel = translate('scheduledMessages.delete');

  return (
    <Box data-schedule-id={schedule.id} data-status={schedule.status} sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0, lineHeight: 1.4 }}>
      {children}
      <Box sx={{ display: 'flex', ml: 'auto', flexShrink: 0 }}>
        <Tooltip title={openLabel}>
          <IconButton size="small" color="inherit" aria-label={openLabel} onClick={act(() => actions.open(schedule))} sx={{ p: 0.25 }}>
            {editable ? <EditOutlined sx={{ fontSize: 16 }} /> : <VisibilityOutlined sx={{ fontSize: 16 }} />}
          </IconButton>
        </Tooltip>
        {manage && (
          <Tooltip title={deleteLabel}>
            <IconButton size="small" color="inherit" aria-label={deleteLabel} onClick={act(() => actions.askDelete(schedule))} sx={{ p: 0.25 }}>
              <DeleteOutlined sx={{ fontSize: 16 }} />
            </IconButton>
          </Tooltip>
        )}
      </Box>
    </Box>
  );
}
