import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useDiscardGuard } from '../../components/DiscardChangesGuard';
import { ContactSearch } from './ContactSearch';
import { NewContactFields } from './NewContactFields';
import type { ContactOption } from './types';
import { useCreateTicket } from './useCreateTicket';
import { useTicketTarget } from './useTicketTarget';

/**
 * New ticket: contact (autocomplete or new), queue (required unless admin), connection (required). Escape or a
 * backdrop click after the user picked or typed something asks before discarding it.
 */
export function NewTicketDialog({ onClose }: { onClose(): void }) {
  const translate = useTranslate();
  const target = useTicketTarget();
  const [contact, setContact] = useState<ContactOption | null>(null);
  const [adding, setAdding] = useState<string | null>(null);
  const [contactError, setContactError] = useState<string | undefined>();
  const { create, busy } = useCreateTicket(onClose);
  const guard = useDiscardGuard(onClose);
  // Defaults filled in by the dialog itself (the only queue, the default connection) are not changes of the user.
  const changed = contact !== null || adding !== null || target.touched;
  const { setDirty } = guard;
  useEffect(() => setDirty(changed), [changed, setDirty]);

  const save = () => {
    setContactError(contact ? undefined : translate('validation.required'));
    const complete = target.validate();
    if (complete && contact) void create(contact.id, target.queueId, target.whatsappId);
  };

  return (
    <>
      <Dialog open onClose={guard.onDialogClose} fullWidth maxWidth="xs" aria-labelledby="new-ticket-title">
        <DialogTitle id="new-ticket-title">{translate('tickets.newTicket.title')}</DialogTitle>
        <DialogContent dividers>
          {adding === null ? (
            <ContactSearch value={contact} onChange={setContact} onAdd={setAdding} error={contactError} />
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
          {target.fields}
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
