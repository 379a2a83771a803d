import 'react-big-calendar/lib/css/react-big-calendar.css';
import { Box, LinearProgress, useTheme } from '@mui/material';
import { useMemo } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { Calendar, type Components, type SlotInfo } from 'react-big-calendar';
import { type CalendarEvent, toCalendarEvents } from './calendarEvents';
import { CALENDAR_FORMATS, calendarLocalizer, calendarMessages, cultureOf } from './calendarLocale';
import { CALENDAR_VIEWS, type CalendarView } from './calendarRange';
import { calendarStyles } from './calendarStyles';
import { ScheduleAgendaEvent, ScheduleEvent } from './ScheduleEvent';
import { STATUS_PALETTE } from './scheduleRules';
import { ScheduleToolbar } from './ScheduleToolbar';
import type { Schedule } from './types';

const COMPONENTS: Components<CalendarEvent> = {
  toolbar: ScheduleToolbar,
  event: ScheduleEvent,
  agenda: { event: ScheduleAgendaEvent },
};

interface ScheduleCalendarProps {
  schedules: Schedule[];
  loading: boolean;
  view: CalendarView;
  date: Date;
  /** Where the week and day views open (only its time of day counts). */
  scrollTo: Date;
  onView(view: CalendarView): void;
  onNavigate(date: Date): void;
  onOpen(schedule: Schedule): void;
  /** A free slot of the week or day view was chosen: a new schedule at that time. */
  onSlot(start: Date): void;
}

/** The schedules as events at their sendAt, coloured by status, in month, week, day and agenda views. */
export function ScheduleCalendar({ schedules, loading, view, date, scrollTo, onView, onNavigate, onOpen, onSlot }: ScheduleCalendarProps) {
  const theme = useTheme();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const events = useMemo(() => toCalendarEvents(schedules), [schedules]);
  const messages = useMemo(() => calendarMessages(translate), [translate]);

  const eventStyle = (event: CalendarEvent) => {
    if (view === 'agenda') return {};
    const palette = theme.palette[STATUS_PALETTE[event.schedule.status]];
    return {
      className: `schedule-event-${event.schedule.status}`,
      style: { backgroundColor: palette.main, color: palette.contrastText, border: `1px solid ${palette.dark}` },
    };
  };
  const tooltip = (event: CalendarEvent) =>
    `${event.schedule.contact?.name ?? ''} — ${translate(`scheduledMessages.statuses.${event.schedule.status}`)}\n${event.schedule.body}`;

  return (
    <Box sx={calendarStyles(theme)} aria-busy={loading}>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress />}</Box>
      <Calendar<CalendarEvent>
        localizer={calendarLocalizer}
        culture={cultureOf(locale)}
        events={events}
        view={view}
        views={[...CALENDAR_VIEWS]}
        date={date}
        onView={(next) => onView(next as CalendarView)}
        onNavigate={onNavigate}
        onSelectEvent={(event) => onOpen(event.schedule)}
        selectable={view === 'week' || view === 'day'}
        onSelectSlot={(slot: SlotInfo) => onSlot(slot.start)}
        eventPropGetter={eventStyle}
        tooltipAccessor={tooltip}
        allDayAccessor={() => false}
        components={COMPONENTS}
        formats={CALENDAR_FORMATS}
        messages={messages}
        scrollToTime={scrollTo}
        popup
        style={{ height: 'calc(100% - 4px)' }}
      />
    </Box>
  );
}
