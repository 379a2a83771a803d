import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Tab, Tabs } from '@mui/material';
import { useRef, useState } from 'react';
import { Form, TextInput, useNotify, useTranslate } from 'react-admin';
import { type AttachmentChange, AttachmentField } from '../../components/AttachmentField';
import { ColorPickerInput } from '../../components/ColorPickerInput';
import { SCROLLING_FORM } from '../../components/dialogForm';
import { SubmitButton } from '../../components/SubmitButton';
import { uploadFile } from '../../components/upload';
import { WeeklyScheduleInputs } from '../../components/WeeklyScheduleInputs';
import { WholeNumberInput } from '../../components/WholeNumberInput';
import { type SubmitAnswer, useRecordForm } from '../../hooks/useRecordForm';
import { api, ApiError, type ApiErrorBody } from '../../providers/httpClient';
import type { ScheduleType } from '../../pages/settings/types';
import { QueueOptionsTree } from './options/QueueOptionsTree';
import { QueueAutomationInputs } from './QueueAutomationInputs';
import { attachmentOf, isQueue, newQueue, queueNameRules, toFormValues, toPayload } from './queueForm';
import type { Queue, QueueFormValues } from './types';

/** Queue submissions wait 400 ms, as the spec's other dialogs (administration §9). */
const SUBMIT_DELAY_MS = 400;

/** Refusals that belong to a field: the field shows the text, and a toast says it too. */
const FIELD_ERRORS: Record<string, keyof QueueFormValues> = {
  ERR_QUEUE_NAME_EXISTS: 'name',
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 'color',
};

interface QueueDialogProps {
  /** The row to edit; without it the dialog adds a queue. */
  queue?: Queue;
  scheduleType: ScheduleType;
  onClose(): void;
  onSaved(queue: Queue): void;
}

type QueueTab = 'data' | 'schedules';

/** Add or edit a queue (POST/PUT /queue): 'Dados da Fila' and, while scheduleType is 'queue', its working hours. */
export function QueueDialog({ queue, scheduleType, onClose, onSaved }: QueueDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const [chosen, setChosen] = useState<QueueTab>('data');
  const byQueue = scheduleType === 'queue';
  const tab = byQueue ? chosen : 'data';
  const hintShown = useRef(false);
  // Read once: a new object on each render would reset the form being filled in.
  const [empty] = useState(newQueue);
  const [attachment, setAttachment] = useState<AttachmentChange>(null);

  const refused = (error: unknown): SubmitAnswer => {
    const code = error instanceof ApiError ? (error.body as ApiErrorBody | undefined)?.error : undefined;
    const field = code ? FIELD_ERRORS[code] : undefined;
    if (!code || !field) return undefined;
    notify(`errors.${code}`, { type: 'error' });
    if (field === 'color' || field === 'name') setChosen('data');
    return { [field]: translate(`errors.${code}`) };
  };

  /** The file goes once the queue exists: uploaded or removed after the save, answering the queue as it now is. */
  const applyAttachment = async (saved: Queue): Promise<Queue> => {
    const mediaPath = `/queue/${saved.id}/media-upload`;
    if (attachment && 'file' in attachment) {
      const answer = await uploadFile(mediaPath, attachment.file);
      return isQueue(answer) ? answer : { ...saved, mediaName: attachment.file.name };
    }
    if (attachment && 'remove' in attachment && attachmentOf(saved)) {
      const answer = await api.delete(mediaPath);
      return isQueue(answer) ? answer : { ...saved, mediaPath: null, mediaName: null };
    }
    return saved;
  };

  const form = useRecordForm<Queue, QueueFormValues>({
    path: '/queue',
    record: queue,
    empty,
    toFormValues,
    toPayload,
    savedMessage: 'queues.saved',
    submitDelayMs: SUBMIT_DELAY_MS,
    refused,
    afterSave: applyAttachment,
    onSaved,
    onClose,
  });

  const scheduleEdited = () => {
    if (hintShown.current) return;
    hintShown.current = true;
    notify('queues.form.schedulesHint', { type: 'info' });
  };

  const tabs: QueueTab[] = byQueue ? ['data', 'schedules'] : ['data'];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" sx={SCROLLING_FORM} aria-labelledby="queue-dialog-title">
      <DialogTitle id="queue-dialog-title">{translate(form.isNew ? 'queues.form.addTitle' : 'queues.form.editTitle')}</DialogTitle>
      {form.values ? (
        <Form record={form.values} onSubmit={form.submit} noValidate>
          <Tabs value={tab} onChange={(_, next: QueueTab) => setChosen(next)} sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}>
            {tabs.map((name) => (
              <Tab key={name} value={name} id={`queue-tab-${name}`} label={translate(`queues.form.tabs.${name}`)} />
            ))}
          </Tabs>
          <DialogContent sx={{ minHeight: 360 }}>
            {/* Both panels stay mounted so their fields keep their values. */}
            <Box role="tabpanel" hidden={tab !== 'data'} aria-labelledby="queue-tab-data">
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '3fr 1fr' }, gap: 2 }}>
                <TextInput source="name" label="queues.form.name" validate={queueNameRules} autoFocus autoComplete="off" />
                <WholeNumberInput source="orderQueue" label="queues.form.orderQueue" />
              </Box>
              <ColorPickerInput source="color" label="queues.form.color" />
              <QueueAutomationInputs />
              <TextInput source="greetingMessage" label="queues.form.greetingMessage" multiline minRows={4} />
              {byQueue && <TextInput source="outOfHoursMessage" label="queues.form.outOfHoursMessage" multiline minRows={4} />}
              <AttachmentField label="queues.form.attachment" current={attachmentOf(form.loaded)} change={attachment} onChange={setAttachment} />
              <QueueOptionsTree queueId={form.loaded?.id} />
            </Box>
            {byQueue && (
              <Box role="tabpanel" hidden={tab !== 'schedules'} aria-labelledby="queue-tab-schedules">
                <WeeklyScheduleInputs onEdit={scheduleEdited} />
              </Box>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 2, borderTop: 1, borderColor: 'divider' }}>
            <Button onClick={onClose}>{translate('common.cancel')}</Button>
            <SubmitButton label={form.isNew ? 'queues.form.add' : 'queues.form.save'} fullWidth={false} />
          </DialogActions>
        </Form>
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress />
        </Box>
      )}
    </Dialog>
  );
}
