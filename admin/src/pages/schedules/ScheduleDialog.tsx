import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { CreateBase, EditBase, Form, useNotify, useTranslate } from 'react-admin';
import { SCROLLING_FORM } from '../../components/dialogForm';
import { EditForm } from '../../components/ResourceFormDialog';
import { SubmitButton } from '../../components/SubmitButton';
import { useAccess } from '../../hooks/useAccess';
import { newSchedule, type SchedulePreset, SUBMIT_DELAY_MS, toFormValues, toPayload } from './scheduleForm';
import { ScheduleInputs } from './ScheduleInputs';
import { isEditableStatus, mayManage } from './scheduleRules';
import { ScheduleStatusInfo } from './ScheduleStatusInfo';
import type { Schedule, ScheduleFormValues } from './types';

const TITLE_ID = 'schedule-dialog-title';

const delayed = <T,>(value: T): Promise<T> => new Promise((resolve) => setTimeout(() => resolve(value), SUBMIT_DELAY_MS));

interface ScheduleDialogProps {
  /** The schedule to edit or show; without it the dialog adds one. */
  schedule?: Schedule;
  /** What a new schedule starts with. */
  preset?: SchedulePreset;
  onClose(): void;
}

/**
 * Add or edit a scheduled message: react-admin's CreateBase/EditBase on the `schedules` resource (pessimistic; a
 * refusal about a field shows on it). A sent schedule, or one the user may not change (only its creator or an
 * admin may), opens read-only.
 */
export function ScheduleDialog({ schedule, preset, onClose }: ScheduleDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const access = useAccess();
  // Read once: a new object on each render would reset the form being filled in.
  const [empty] = useState(() => newSchedule(preset));
  const readOnly = schedule !== undefined && (!isEditableStatus(schedule.status) || !mayManage(schedule, access?.me.user.id, access?.isAdmin ?? false));
  const title = !schedule ? 'addTitle' : readOnly ? 'viewTitle' : 'editTitle';
  const mutationOptions = {
    onSuccess: () => {
      notify('scheduledMessages.saved', { type: 'success' });
      onClose();
    },
  };
  const transform = (values: ScheduleFormValues) => delayed(toPayload(values));
  const body = <DialogBody schedule={schedule} readOnly={readOnly} isNew={!schedule} onClose={onClose} />;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" sx={SCROLLING_FORM} aria-labelledby={TITLE_ID}>
      <DialogTitle id={TITLE_ID}>{translate(`scheduledMessages.form.${title}`)}</DialogTitle>
      {schedule ? (
        <EditBase
          resource="schedules"
          id={schedule.id}
          redirect={false}
          mutationMode="pessimistic"
          transform={transform}
          mutationOptions={mutationOptions}
          queryOptions={{ placeholderData: schedule }}
        >
          <EditForm<Schedule, ScheduleFormValues> toFormValues={toFormValues}>{body}</EditForm>
        </EditBase>
      ) : (
        <CreateBase resource="schedules" redirect={false} transform={transform} mutationOptions={mutationOptions}>
          <Form record={empty} noValidate>
            {body}
          </Form>
        </CreateBase>
      )}
    </Dialog>
  );
}

function DialogBody({ schedule, readOnly, isNew, onClose }: { schedule?: Schedule; readOnly: boolean; isNew: boolean; onClose(): void }) {
  const translate = useTranslate();
  return (
    <>
      <DialogContent dividers>
        {schedule && <ScheduleStatusInfo schedule={schedule} />}
        <ScheduleInputs readOnly={readOnly} />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        {readOnly ? (
          <Button variant="contained" onClick={onClose}>
            {translate('common.close')}
          </Button>
        ) : (
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button onClick={onClose}>{translate('common.cancel')}</Button>
            <SubmitButton label={`scheduledMessages.form.${isNew ? 'add' : 'save'}`} fullWidth={false} />
          </Box>
        )}
      </DialogActions>
    </>
  );
}
