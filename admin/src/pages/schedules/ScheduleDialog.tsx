import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { Form, useTranslate } from 'react-admin';
import { SCROLLING_FORM } from '../../components/dialogForm';
import { validationErrors } from '../../components/formErrors';
import { SubmitButton } from '../../components/SubmitButton';
import { useAccess } from '../../hooks/useAccess';
import { useFieldRefusals } from '../../hooks/useFieldRefusals';
import { useRecordForm } from '../../hooks/useRecordForm';
import { newSchedule, type SchedulePreset, SUBMIT_DELAY_MS, toFormValues, toPayload } from './scheduleForm';
import { ScheduleInputs } from './ScheduleInputs';
import { isEditableStatus, mayManage } from './scheduleRules';
import { ScheduleStatusInfo } from './ScheduleStatusInfo';
import type { Schedule, ScheduleFormValues } from './types';

/** Refusals that belong to a field. */
const FIELD_ERRORS = { ERR_NO_CONTACT_FOUND: 'contactId', ERR_NO_WAPP_FOUND: 'whatsappId' };
const TITLE_ID = 'schedule-dialog-title';

interface ScheduleDialogProps {
  /** The schedule to edit or show; without it the dialog adds one. */
  schedule?: Schedule;
  /** What a new schedule starts with. */
  preset?: SchedulePreset;
  onClose(): void;
  onSaved?(schedule: Schedule): void;
}

/**
 * Add or edit a scheduled message (POST/PUT /schedules). A sent schedule, or one the user may not change (only its
 * creator or an admin may), opens read-only.
 */
export function ScheduleDialog({ schedule, preset, onClose, onSaved }: ScheduleDialogProps) {
  const translate = useTranslate();
  const access = useAccess();
  // Read once: a new object on each render would reset the form being filled in.
  const [empty] = useState(() => newSchedule(preset));
  const fieldRefusals = useFieldRefusals(FIELD_ERRORS);
  // The API words its field errors in English; a send time in the past has its own text here.
  const refused = (error: unknown) => {
    const byCode = fieldRefusals(error);
    if (byCode) return byCode;
    const fields = validationErrors(error);
    return fields?.sendAt ? { ...fields, sendAt: translate('scheduledMessages.form.sendAtPast') } : fields;
  };
  const form = useRecordForm<Schedule, ScheduleFormValues>({
    path: '/schedules',
    record: schedule,
    empty,
    toFormValues,
    toPayload,
    savedMessage: 'scheduledMessages.saved',
    submitDelayMs: SUBMIT_DELAY_MS,
    refused,
    onSaved,
    onClose,
  });
  const readOnly = schedule !== undefined && (!isEditableStatus(schedule.status) || !mayManage(schedule, access?.me.user.id, access?.isAdmin ?? false));
  const title = form.isNew ? 'addTitle' : readOnly ? 'viewTitle' : 'editTitle';

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" sx={SCROLLING_FORM} aria-labelledby={TITLE_ID}>
      <DialogTitle id={TITLE_ID}>{translate(`scheduledMessages.form.${title}`)}</DialogTitle>
      {form.values && (
        <Form record={form.values} onSubmit={readOnly ? undefined : form.submit} noValidate>
          <DialogContent dividers>
            {schedule && <ScheduleStatusInfo schedule={schedule} />}
            <ScheduleInputs contact={schedule?.contact ?? preset?.contact ?? null} readOnly={readOnly} />
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 2 }}>
            {readOnly ? (
              <Button variant="contained" onClick={onClose}>
                {translate('common.close')}
              </Button>
            ) : (
              <Box sx={{ display: 'flex', gap: 1 }}>
                <Button onClick={onClose}>{translate('common.cancel')}</Button>
                <SubmitButton label={`scheduledMessages.form.${form.isNew ? 'add' : 'save'}`} fullWidth={false} />
              </Box>
            )}
          </DialogActions>
        </Form>
      )}
    </Dialog>
  );
}
