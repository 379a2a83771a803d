import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { useDiscardGuard } from '../../components/DiscardChangesGuard';
import { ContactAvatar } from '../../pages/tickets/ContactAvatar';
import { useCreateTicket } from '../../pages/tickets/useCreateTicket';
import { useTicketTarget } from '../../pages/tickets/useTicketTarget';
import type { Contact } from './types';

/**
 * The new-ticket dialog of the tickets screen with the contact already chosen: a queue (required unless admin,
 * 'Selecione uma fila'; preselected when the user has one) and a connection (with its status; the contact's own
 * connection first, else the default); saving opens the conversation on /tickets/{uuid}.
 */
export function StartChatDialog({ contact, onClose }: { contact: Contact; onClose(): void }) {
  const translate = useTranslate();
  const target = useTicketTarget(contact.whatsappId);
  const { create, busy } = useCreateTicket(onClose, { fromContactList: true });
  const guard = useDiscardGuard(onClose);
  // Only the user's own picks count as changes, not the preselected queue and connection.
  const { setDirty } = guard;
  useEffect(() => setDirty(target.touched), [target.touched, setDirty]);

  const save = () => {
    if (target.validate()) void create(contact.id, target.queueId, target.whatsappId);
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
          {target.fields}
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
