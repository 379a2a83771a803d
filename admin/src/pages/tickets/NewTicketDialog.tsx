import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useDiscardGuard } from '../../components/DiscardChangesGuard';
import { ConnectionSelect } from './ConnectionSelect';
import { ContactSearch } from './ContactSearch';
import { NewContactFields } from './NewContactFields';
import { QueueSelect } from './QueueSelect';
import type { ContactOption } from './types';
import { useAgent } from './useAgent';
import { useCreateTicket } from './useCreateTicket';
import { useConnectionOptions, useQueueOptions } from './useLookups';

/**
 * New ticket: contact (autocomplete or new), queue (required unless admin), connection (required). Escape or a
 * backdrop click after the user picked or typed something asks before discarding it.
 */
export function NewTicketDialog({ onClose }: { onClose(): void }) {
  const translate = useTranslate();
  const agent = useAgent();
  const allQueues = useQueueOptions();
  const connections = useConnectionOptions();
  const queues = agent?.isAdmin ? allQueues : (agent?.queues ?? []);
  const [contact, setContact] = useState<ContactOption | null>(null);
  const [adding, setAdding] = useState<string | null>(null);
  const [queueId, setQueueId] = useState<number | ''>('');
  const [whatsappId, setWhatsappId] = useState<number | ''>('');
  const [errors, setErrors] = useState<{ contact?: string; queue?: string; connection?: string }>({});
  const { create, busy } = useCreateTicket(onClose);
  const guard = useDiscardGuard(onClose);
  // Defaults filled in by the dialog itself (the only queue, the default connection) are not changes of the user.
  const [touched, setTouched] = useState(false);
  const changed = contact !== null || adding !== null || touched;
  const { setDirty } = guard;
  useEffect(() => setDirty(changed), [changed, setDirty]);

  useEffect(() => {
    if (whatsappId === '' && connections.length) setWhatsappId((connections.find((connection) => connection.isDefault) ?? connections[0])!.id);
  }, [connections, whatsappId]);

  useEffect(() => {
    if (queueId === '' && queues.length === 1) setQueueId(queues[0]!.id);
  }, [queues, queueId]);

  const save = () => {
    const next: typeof errors = {};
    if (!contact) next.contact = translate('validation.required');
    if (queueId === '' && !agent?.isAdmin) next.queue = translate('tickets.newTicket.selectQueue');
    if (whatsappId === '') next.connection = translate('validation.required');
    setErrors(next);
    if (Object.keys(next).length || !contact) return;
    void create(contact.id, queueId === '' ? null : queueId, whatsappId === '' ? null : whatsappId);
  };

  return (
    <>
      <Dialog open onClose={guard.onDialogClose} fullWidth maxWidth="xs" aria-labelledby="new-ticket-title">
        <DialogTitle id="new-ticket-title">{translate('tickets.newTicket.title')}</DialogTitle>
        <DialogContent dividers>
          {adding === null ? (
            <ContactSearch value={contact} onChange={setContact} onAdd={setAdding} error={errors.contact} />
          ) : (
            <NewContactFields
              text={adding}
              onCancel={() => setAdding(null)}
              onCreated={(created) => {
                setContact(created);
                setAdding(null);
              }}
            />
          )}
          <QueueSelect
            queues={queues}
            value={queueId}
            onChange={(next) => {
              setQueueId(next);
              setTouched(true);
            }}
            required={!agent?.isAdmin}
            allowNone={agent?.isAdmin}
            error={errors.queue}
          />
          <ConnectionSelect
            connections={connections}
            value={whatsappId}
            onChange={(next) => {
              setWhatsappId(next);
              setTouched(true);
            }}
            error={errors.connection}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose}>{translate('common.cancel')}</Button>
          <Button variant="contained" onClick={save} disabled={busy || adding !== null} startIcon={busy && <CircularProgress size={16} color="inherit" />}>
            {translate('tickets.newTicket.save')}
          </Button>
        </DialogActions>
      </Dialog>
      {guard.confirmation}
    </>
  );
}
