import { alpha, type Theme } from '@mui/material/styles';

/** react-big-calendar's stylesheet is light-only and fixed: borders, today, off-month days and events from the theme. */
export const calendarStyles = (theme: Theme) => {
  const border = `1px solid ${theme.palette.divider}`;
  return {
    height: 'calc(100vh - 230px)',
    minHeight: 560,
    color: theme.palette.text.primary,
    fontFamily: theme.typography.fontFamily,
    '& .rbc-month-view, & .rbc-time-view, & .rbc-agenda-view table.rbc-agenda-table': {
      border,
      borderRadius: `${theme.shape.borderRadius}px`,
      overflow: 'hidden',
    },
    [[
      '& .rbc-header',
      '& .rbc-month-row + .rbc-month-row',
      '& .rbc-day-bg + .rbc-day-bg',
      '& .rbc-header + .rbc-header',
      '& .rbc-time-header-content',
      '& .rbc-time-content',
      '& .rbc-time-content > * + * > *',
      '& .rbc-timeslot-group',
      '& .rbc-day-slot .rbc-time-slot',
      '& .rbc-time-header.rbc-overflowing',
      '& .rbc-agenda-view table.rbc-agenda-table tbody > tr > td + td',
      '& .rbc-agenda-view table.rbc-agenda-table tbody > tr + tr',
      '& .rbc-agenda-view table.rbc-agenda-table thead > tr > th',
      '& .rbc-time-view .rbc-allday-cell',
    ].join(', ')]: { borderColor: theme.palette.divider },
    '& .rbc-header': { py: 0.75, fontWeight: 500, textTransform: 'capitalize', color: theme.palette.text.secondary },
    // Buttons do not inherit text-transform: the week's day headers are links.
    '& .rbc-header .rbc-button-link': { textTransform: 'inherit', fontWeight: 'inherit' },
    // Schedules are instants, never all-day: the all-day row would stay empty.
    '& .rbc-time-view .rbc-allday-cell': { display: 'none' },
    '& .rbc-off-range-bg': { backgroundColor: theme.palette.action.hover },
    '& .rbc-off-range': { color: theme.palette.text.disabled },
    '& .rbc-today': { backgroundColor: alpha(theme.palette.primary.main, 0.08) },
    '& .rbc-now .rbc-button-link': { color: theme.palette.primary.main, fontWeight: 700 },
    '& .rbc-current-time-indicator': { backgroundColor: theme.palette.primary.main, height: 2 },
    '& .rbc-date-cell': { px: 0.75, pt: 0.25 },
    '& .rbc-event, & .rbc-day-slot .rbc-background-event': {
      borderRadius: `${Number(theme.shape.borderRadius) / 2}px`,
      padding: '1px 4px',
      fontSize: 13,
    },
    '& .rbc-event:focus-visible': { outline: `2px solid ${theme.palette.text.primary}`, outlineOffset: 1 },
    // The event shows its own time: the time grid's label would repeat it.
    '& .rbc-day-slot .rbc-event-label': { display: 'none' },
    '& .rbc-day-slot .rbc-event-content': { lineHeight: 1.4 },
    '& .rbc-show-more': { color: theme.palette.primary.main, backgroundColor: 'transparent', fontWeight: 500 },
    '& .rbc-agenda-view table.rbc-agenda-table': { fontSize: 14 },
    '& .rbc-agenda-view table.rbc-agenda-table thead > tr > th': { py: 1, color: theme.palette.text.secondary, fontWeight: 500 },
    '& .rbc-agenda-date-cell, & .rbc-agenda-time-cell': { whiteSpace: { xs: 'normal', sm: 'nowrap' }, textTransform: 'capitalize' },
    // The event column takes what is left and its texts shorten, rather than widening the table past a phone.
    '& .rbc-agenda-event-cell': { width: '100%', maxWidth: 0 },
    '& .rbc-agenda-empty': { p: 3, color: theme.palette.text.secondary },
    '& .rbc-time-gutter .rbc-label': { fontSize: 12, color: theme.palette.text.secondary },
    // A day's events beyond what its cell holds ("+N more").
    '& .rbc-overlay': {
      backgroundColor: theme.palette.background.paper,
      border: `1px solid ${theme.palette.divider}`,
      borderRadius: `${theme.shape.borderRadius}px`,
      boxShadow: theme.shadows[8],
    },
    '& .rbc-overlay-header': { borderColor: theme.palette.divider, textTransform: 'capitalize' },
  };
};
