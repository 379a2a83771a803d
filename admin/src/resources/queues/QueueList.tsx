import { RecordRowActions } from '../../components/RecordRowActions';
import { Box, type Theme, useMediaQuery } from '@mui/material';
import { CreateButton, DataTable, List, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { PageHeader } from '../../components/PageHeader';
import { useDialogRoute } from '../../hooks/useDialogRoute';
import { useSettings } from '../../pages/settings/useSettings';
import { useLiveResource } from '../../realtime/useLiveResource';
import { QueueDialog } from './QueueDialog';
import { QueueColorSwatch, QueueGreeting } from './queueFields';
import type { Queue } from './types';

/** Edit opens the dialog route; delete asks first, with the queue's name, and says when it is done. */
function QueueActions() {
  const queue = useRecordContext<Queue>();
  return queue ? <RecordRowActions catalog="queues" name={queue.name} /> : null;
}

/**
 * /queues: react-admin's list of the company's queues (the API answers them whole, in the bot's order; live through
 * the `queue` socket topic), with the add and edit dialogs on /queues/create and /queues/{id}.
 */
export function QueueList() {
  // Phones keep the name, the colour and the actions; the rest needs the width.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  useLiveResource('queues', 'queue');
  const { scheduleType } = useSettings();
  const { creating, editId } = useDialogRoute('/queues');
  return (
    <>
      <PageHeader title="queues.title" />
      <List<Queue>
        resource="queues"
        title="queues.title"
        pagination={false}
        // The dialogs are routes of their own (/queues/create, /queues/{id}).
        disableSyncWithLocation
        actions={
          <TopToolbar>
            <CreateButton label="queues.add" variant="contained" />
          </TopToolbar>
        }
        empty={false}
      >
        <DataTable<Queue> rowClick={false} bulkActionButtons={false} empty={<QueuesEmpty />}>
          {wide && <DataTable.Col source="id" label="queues.columns.id" align="center" disableSort />}
          <DataTable.Col source="name" label="queues.columns.name" disableSort />
          <DataTable.Col source="color" label="queues.columns.color" align="center" disableSort render={() => <QueueColorSwatch />} />
          {wide && <DataTable.Col source="orderQueue" label="queues.columns.orderQueue" align="center" disableSort />}
          {wide && <DataTable.Col source="greetingMessage" label="queues.columns.greetingMessage" disableSort render={() => <QueueGreeting />} />}
          <DataTable.Col label="queues.columns.actions" align="right" render={() => <QueueActions />} />
        </DataTable>
      </List>
      {creating && <QueueDialog scheduleType={scheduleType} />}
      {editId !== undefined && <QueueDialog id={editId} scheduleType={scheduleType} />}
    </>
  );
}

function QueuesEmpty() {
  const translate = useTranslate();
  return <Box sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>{translate('queues.empty')}</Box>;
}
