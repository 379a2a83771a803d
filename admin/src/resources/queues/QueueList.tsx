import Add from '@mui/icons-material/Add';
import { Box, Button, Paper } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { ResourceTable } from '../../components/ResourceTable';
import { useNotifyError } from '../../hooks/useNotifyError';
import { useSettings } from '../../pages/settings/useSettings';
import { api } from '../../providers/httpClient';
import { QueueDialog } from './QueueDialog';
import { QUEUE_COLUMNS } from './queueColumns';
import type { Queue } from './types';
import { useQueues } from './useQueues';

const nameOf = (queue: Queue) => queue.name;

/** /queues: the company's queues, live, with the add-or-edit dialog and a confirmation before a delete. */
export function QueueList() {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const list = useQueues();
  const { scheduleType } = useSettings();
  const [editing, setEditing] = useState<{ record?: Queue } | null>(null);
  const [deleting, setDeleting] = useState<Queue | null>(null);

  const remove = async (queue: Queue) => {
    try {
      await api.delete(`/queue/${queue.id}`);
      list.remove(queue.id);
      notify('queues.deleted', { type: 'success' });
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Box>
      <PageHeader title="queues.title">
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({})}>
          {translate('queues.add')}
        </Button>
      </PageHeader>
      <Paper variant="outlined" sx={{ maxHeight: 'calc(100vh - 180px)', overflow: 'auto' }}>
        <ResourceTable<Queue>
          resource="queues"
          recordName="queue"
          columns={QUEUE_COLUMNS}
          records={list.records}
          loading={list.loading}
          nameOf={nameOf}
          onEdit={(record) => setEditing({ record })}
          onDelete={setDeleting}
        />
      </Paper>
      {editing && <QueueDialog queue={editing.record} scheduleType={scheduleType} onClose={() => setEditing(null)} onSaved={list.upsert} />}
      <ConfirmDialog
        open={deleting !== null}
        title={translate('queues.deleteTitle', { name: deleting ? nameOf(deleting) : undefined })}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      >
        {translate('queues.deleteMessage')}
      </ConfirmDialog>
    </Box>
  );
}
