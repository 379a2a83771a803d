import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { QueueSelect } from './QueueSelect';
import { useAgent } from './useAgent';
import { useQueueOptions } from './useLookups';

/** 'Selecione a Fila': the queue of a chat started from a shared contact. */
export function QueuePickerDialog({ busy, onClose, onConfirm }: { busy: boolean; onClose(): void; onConfirm(queueId: number | null): void }) {
  const translate = useTranslate();
  const agent = useAgent();
  const allQueues = useQueueOptions();
  const queues = agent?.isAdmin ? allQueues : (agent?.queues ?? []);
  const [queueId, setQueueId] = useState<number | ''>(queues.length === 1 ? queues[0]!.id : '');
  const [error, setError] = useState<string | undefined>();

  const confirm = () => {
    if (queueId === '' && !agent?.isAdmin) {
      setError(translate('tickets.newTicket.selectQueue'));
      return;
    }
    onConfirm(queueId === '' ? null : queueId);
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="queue-picker-title">
      <DialogTitle id="queue-picker-title">{translate('tickets.queuePicker.title')}</DialogTitle>
      <DialogContent dividers>
        <QueueSelect queues={queues} value={queueId} onChange={setQueueId} required={!agent?.isAdmin} allowNone={agent?.isAdmin} error={error} />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>{translate('common.cancel')}</Button>
        <Button variant="contained" onClick={confirm} disabled={busy}>
          {translate('tickets.queuePicker.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
