import Add from '@mui/icons-material/Add';
import { Box, Button, Paper } from '@mui/material';
import { format } from 'date-fns';
import { useMemo, useState } from 'react';
import { useDelete, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { useAccess } from '../../hooks/useAccess';
import { useNotifyError } from '../../hooks/useNotifyError';
import { weekStartOf } from './calendarLocale';
import { calendarRange, type CalendarView, scrollTime } from './calendarRange';
import { LOCAL_DATE_TIME } from './dateTimeText';
import { type ScheduleActions, ScheduleActionsContext } from './scheduleActions';
import { ScheduleCalendar } from './ScheduleCalendar';
import { ScheduleDialog } from './ScheduleDialog';
import type { SchedulePreset } from './scheduleForm';
import { ScheduleLegend } from './ScheduleLegend';
import { mayManage } from './scheduleRules';
import type { Schedule } from './types';
import { useScheduleList } from './useScheduleList';

/** The dialog: a new schedule (maybe preset), or an existing one by id so live changes reach it. */
type Editing = { preset?: SchedulePreset } | { id: number; snapshot: Schedule };

/** /schedules: the company's scheduled messages on a calendar, live, with the add/edit dialog and delete. */
export function SchedulesPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const access = useAccess();
  const [locale] = useLocaleState();
  const [view, setView] = useState<CalendarView>('month');
  const [date, setDate] = useState(() => new Date());
  const range = useMemo(() => calendarRange(view, date, weekStartOf(locale)), [view, date, locale]);
  const list = useScheduleList(range);
  // Fixed per period: live events must not move the time grid under the user.
  const scrollTo = useMemo(() => scrollTime(range), [range]);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Schedule | null>(null);

  const actions: ScheduleActions = useMemo(
    () => ({
      open: (schedule) => setEditing({ id: schedule.id, snapshot: schedule }),
      askDelete: setDeleting,
      canManage: (schedule) => mayManage(schedule, access?.me.user.id, access?.isAdmin ?? false),
    }),
    [access],
  );

  const [deleteOne] = useDelete<Schedule>();
  const remove = (schedule: Schedule) =>
    deleteOne(
      'schedules',
      { id: schedule.id, previousData: schedule },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify('scheduledMessages.deleted', { type: 'success' }),
        onError: notifyError,
      },
    );

  // A slot in the past cannot be scheduled: the dialog then starts with an empty time.
  const newAt = (start: Date) => setEditing({ preset: start.getTime() > Date.now() ? { sendAt: format(start, LOCAL_DATE_TIME) } : undefined });

  const edited = editing && 'id' in editing ? (list.records.find((record) => record.id === editing.id) ?? editing.snapshot) : undefined;

  return (
    <Box>
      <PageHeader title="scheduledMessages.title">
        <ScheduleLegend />
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({})}>
          {translate('scheduledMessages.add')}
        </Button>
      </PageHeader>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <ScheduleActionsContext.Provider value={actions}>
          <ScheduleCalendar
            schedules={list.records}
            loading={list.loading}
            view={view}
            date={date}
            scrollTo={scrollTo}
            onView={setView}
            onNavigate={setDate}
            onOpen={actions.open}
            onSlot={newAt}
          />
        </ScheduleActionsContext.Provider>
      </Paper>
      {editing && <ScheduleDialog schedule={edited} preset={'preset' in editing ? editing.preset : undefined} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={translate('scheduledMessages.deleteTitle', { name: deleting?.contact?.name ?? '' })}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove(deleting)}
      >
        {translate('scheduledMessages.deleteMessage')}
      </ConfirmDialog>
    </Box>
  );
}
