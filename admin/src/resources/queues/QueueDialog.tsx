import { useAppDataProvider } from '../../providers/dataProvider';
import { Box } from '@mui/material';
import { useCallback, useRef, useState } from 'react';
import { TextInput, useGetOne, useNotify } from 'react-admin';
import { type AttachmentChange, AttachmentField } from '../../components/AttachmentField';
import { VariablePicker } from '../../components/VariablePicker';
import { ColorPickerInput } from '../../components/ColorPickerInput';
import { ResourceFormDialog } from '../../components/ResourceFormDialog';
import { WeeklyScheduleInputs } from '../../components/WeeklyScheduleInputs';
import { WholeNumberInput } from '../../components/WholeNumberInput';
import type { ScheduleType } from '../../pages/settings/types';
import { QueueOptionsTree } from './options/QueueOptionsTree';
import { QueueAutomationInputs } from './QueueAutomationInputs';
import { type QueueTab, QueueTabs, TabOfErrors } from './QueueTabs';
import { attachmentOf, newQueue, queueNameRules, toFormValues, toPayload } from './queueForm';
import type { Queue, QueueFormValues } from './types';

interface QueueDialogProps {
  /** The queue to edit; without it the dialog adds one. */
  id?: number;
  scheduleType: ScheduleType;
}

/**
 * Add (`/queues/create`) or edit (`/queues/{id}`) a queue: 'Dados da Fila' (fields, attachment, chatbot options) and,
 * while scheduleType is 'queue', its working hours.
 */
export function QueueDialog({ id, scheduleType }: QueueDialogProps) {
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const [chosen, setChosen] = useState<QueueTab>('data');
  const byQueue = scheduleType === 'queue';
  const tab = byQueue ? chosen : 'data';
  const hintShown = useRef(false);
  // Read once: a new object on each render would reset the form being filled in.
  const [empty] = useState(newQueue);
  const [attachment, setAttachment] = useState<AttachmentChange>(null);
  // The record EditBase loads (the same cached query): its current file.
  const { data: loaded } = useGetOne<Queue>('queues', { id: id ?? 0 }, { enabled: id !== undefined });

  /** The file goes once the queue exists: uploaded or removed after the save. */
  const applyAttachment = async (saved: Queue) => {
    if (attachment && 'file' in attachment) await dataProvider.uploadQueueMedia(saved.id, attachment.file);
    else if (attachment && 'remove' in attachment && attachmentOf(saved)) await dataProvider.removeQueueMedia(saved.id);
  };

  const scheduleEdited = () => {
    if (hintShown.current) return;
    hintShown.current = true;
    notify('queues.form.schedulesHint', { type: 'info' });
  };
  const showTab = useCallback((next: QueueTab) => setChosen(next), []);

  return (
    <ResourceFormDialog<Queue, QueueFormValues>
      resource="queues"
      listPath="/queues"
      id={id}
      empty={empty}
      toFormValues={toFormValues}
      transform={(values) => toPayload(values)}
      delaySubmit
      maxWidth="md"
      afterSave={applyAttachment}
      header={<QueueTabs tabs={byQueue ? ['data', 'schedules'] : ['data']} value={tab} onChange={setChosen} />}
    >
      {byQueue && <TabOfErrors onTab={showTab} />}
      {/* Both panels stay mounted so their fields keep their values. */}
      <Box role="tabpanel" hidden={tab !== 'data'} aria-labelledby="queue-tab-data" sx={{ minHeight: 360 }}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '3fr 1fr' }, gap: 2 }}>
          <TextInput source="name" label="queues.form.name" validate={queueNameRules} autoFocus autoComplete="off" />
          <WholeNumberInput source="orderQueue" label="queues.form.orderQueue" />
        </Box>
        <ColorPickerInput source="color" label="queues.form.color" />
        <QueueAutomationInputs />
        <TextInput source="greetingMessage" label="queues.form.greetingMessage" multiline minRows={4} />
        {byQueue && <TextInput source="outOfHoursMessage" label="queues.form.outOfHoursMessage" multiline minRows={4} />}
        <VariablePicker field="greetingMessage" />
        <AttachmentField label="queues.form.attachment" current={attachmentOf(loaded)} change={attachment} onChange={setAttachment} />
        <QueueOptionsTree queueId={id} />
      </Box>
      {byQueue && (
        <Box role="tabpanel" hidden={tab !== 'schedules'} aria-labelledby="queue-tab-schedules" sx={{ minHeight: 360 }}>
          <WeeklyScheduleInputs onEdit={scheduleEdited} />
        </Box>
      )}
    </ResourceFormDialog>
  );
}
