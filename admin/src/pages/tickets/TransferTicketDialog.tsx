import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useDiscardGuard } from '../../components/DiscardChangesGuard';
import { ConnectionSelect } from './ConnectionSelect';
import { QueueSelect } from './QueueSelect';
import type { Ticket, UserOption } from './types';
import { useConnectionOptions, useQueueOptions } from './useLookups';
import type { TransferTarget } from './useTicketActions';
import { UserSearch } from './UserSearch';

/**
 * Transfer: an optional user, a queue and a connection (both required). No user → back to pending. Escape or a
 * backdrop click after a change asks before discarding it.
 */
export function TransferTicketDialog({
  ticket,
  busy,
  onClose,
  onTransfer,
}: {
  ticket: Ticket;
  busy: boolean;
  onClose(): void;
  onTransfer(target: TransferTarget): void;
}) {
  const translate = useTranslate();
  const allQueues = useQueueOptions();
  const connections = useConnectionOptions();
  const [user, setUser] = useState<UserOption | null>(null);
  const [queueId, setQueueId] = useState<number | ''>(ticket.queueId ?? '');
  const [whatsappId, setWhatsappId] = useState<number | ''>(ticket.whatsappId ?? '');
  const [errors, setErrors] = useState<{ queue?: string; connection?: string }>({});
  const guard = useDiscardGuard(onClose);
  const changed = user !== null || queueId !== (ticket.queueId ?? '') || whatsappId !== (ticket.whatsappId ?? '');
  const { setDirty } = guard;
  useEffect(() => setDirty(changed), [changed, setDirty]);
  // A chosen user can take tickets of their own queues.
  const queues = user?.queues?.length ? user.queues : allQueues;

  const submit = () => {
    const next: typeof errors = {};
    if (queueId === '') next.queue = translate('validation.required');
    if (whatsappId === '') next.connection = translate('validation.required');
    setErrors(next);
    if (queueId === '' || whatsappId === '') return;
    onTransfer({ userId: user?.id ?? null, queueId, whatsappId });
  };

  return (
    <>
      <Dialog open onClose={guard.onDialogClose} fullWidth maxWidth="xs" aria-labelledby="transfer-title">
        <DialogTitle id="transfer-title">{translate('tickets.transfer.title')}</DialogTitle>
        <DialogContent dividers>
          <UserSearch
            value={user}
            onChange={(next) => {
              setUser(next);
              if (next?.queues?.length && queueId !== '' && !next.queues.some((queue) => queue.id === queueId)) setQueueId('');
            }}
          />
          <QueueSelect queues={queues} value={queueId} onChange={setQueueId} required error={errors.queue} label={translate('tickets.transfer.queue')} />
          <ConnectionSelect connections={connections} value={whatsappId} onChange={setWhatsappId} error={errors.connection} />
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose}>{translate('common.cancel')}</Button>
          <Button variant="contained" onClick={submit} disabled={busy} startIcon={busy && <CircularProgress size={16} color="inherit" />}>
            {translate('tickets.transfer.submit')}
          </Button>
        </DialogActions>
      </Dialog>
      {guard.confirmation}
    </>
  );
}
