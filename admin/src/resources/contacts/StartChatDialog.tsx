import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useDiscardGuard } from '../../components/DiscardChangesGuard';
import { ConnectionSelect } from '../../pages/tickets/ConnectionSelect';
import { ContactAvatar } from '../../pages/tickets/ContactAvatar';
import { QueueSelect } from '../../pages/tickets/QueueSelect';
import { useAgent } from '../../pages/tickets/useAgent';
import { useCreateTicket } from '../../pages/tickets/useCreateTicket';
import { useConnectionOptions, useQueueOptions } from '../../pages/tickets/useLookups';
import { preferredConnection } from './startChat';
import type { Contact } from './types';

/**
 * The new-ticket dialog of the tickets screen with the contact already chosen: a queue (required unless admin,
 * 'Selecione uma fila'; preselected when the user has one) and a connection (with its status; the contact's own
 * connection first, else the default); saving opens the conversation on /tickets/{uuid}.
 */
export function StartChatDialog({ contact, onClose }: { contact: Contact; onClose(): void }) {
  const translate = useTranslate();
  const agent = useAgent();
  const allQueues = useQueueOptions();
  const connections = useConnectionOptions();
  const queues = agent?.isAdmin ? allQueues : (agent?.queues ?? []);
  const [queueId, setQueueId] = useState<number | ''>('');
  const [whatsappId, setWhatsappId] = useState<number | ''>('');
  const [errors, setErrors] = useState<{ queue?: string; connection?: string }>({});
  const { create, busy } = useCreateTicket(onClose, { fromContactList: true });
  const guard = useDiscardGuard(onClose);
  // Only the user's own picks count as changes, not the preselected queue and connection.
  const [touched, setTouched] = useState(false);
  const { setDirty } = guard;
  useEffect(() => setDirty(touched), [touched, setDirty]);

  useEffect(() => {
    if (whatsappId !== '') return;
    const preferred = preferredConnection(connections, contact.whatsappId);
    if (preferred) setWhatsappId(preferred.id);
  }, [connections, contact.whatsappId, whatsappId]);

  useEffect(() => {
    if (queueId === '' && queues.length === 1) setQueueId(queues[0]!.id);
  }, [queues, queueId]);

  const save = () => {
    const next: typeof errors = {};
    if (queueId === '' && !agent?.isAdmin) next.queue = translate('tickets.newTicket.selectQueue');
    if (whatsappId === '') next.connection = translate('validation.required');
    setErrors(next);
    if (Object.keys(next).length) return;
    void create(contact.id, queueId === '' ? null : queueId, whatsappId === '' ? null : whatsappId);
  };

  return (
    <>
      <Dialog open onClose={guard.onDialogClose} fullWidth maxWidth="xs" aria-labelledby="start-chat-title">
        <DialogTitle id="start-chat-title">{translate('tickets.newTicket.title')}</DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }} data-start-chat-contact={contact.id}>
            <ContactAvatar name={contact.name} src={contact.profilePicUrl} size={40} />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="caption" color="text.secondary" component="div">
                {translate('tickets.fields.contact')}
              </Typography>
              <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
                {contact.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {contact.number}
              </Typography>
            </Box>
          </Box>
          <QueueSelect
            queues={queues}
            value={queueId}
            onChange={(id) => {
              setQueueId(id);
              setTouched(true);
              setErrors(({ queue: _, ...rest }) => rest);
            }}
            required={!agent?.isAdmin}
            allowNone={agent?.isAdmin}
            error={errors.queue}
          />
          <ConnectionSelect
            connections={connections}
            value={whatsappId}
            onChange={(id) => {
              setWhatsappId(id);
              setTouched(true);
              setErrors(({ connection: _, ...rest }) => rest);
            }}
            error={errors.connection}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose}>{translate('common.cancel')}</Button>
          <Button variant="contained" onClick={save} disabled={busy} startIcon={busy && <CircularProgress size={16} color="inherit" />}>
            {translate('tickets.newTicket.save')}
          </Button>
        </DialogActions>
      </Dialog>
      {guard.confirmation}
    </>
  );
}
