import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useDiscardGuard } from '../../components/DiscardChangesGuard';
import { EDIT_MAX_ROWS } from './constants';
import type { Message } from './types';

/** Edit a sent text: up to 6 rows; only a non-empty text is saved. Escape or a backdrop click after a change asks first. */
export function EditMessageDialog({ message, onClose, onSave }: { message: Message; onClose(): void; onSave(body: string): Promise<void> }) {
  const translate = useTranslate();
  const [body, setBody] = useState(message.body);
  const [busy, setBusy] = useState(false);
  const trimmed = body.trim();
  const guard = useDiscardGuard(onClose);
  const { setDirty } = guard;
  useEffect(() => setDirty(body !== message.body), [body, message.body, setDirty]);

  const save = async () => {
    if (!trimmed) return;
    setBusy(true);
    try {
      await onSave(trimmed);
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Dialog open onClose={guard.onDialogClose} fullWidth maxWidth="sm" aria-labelledby="edit-message-title">
        <DialogTitle id="edit-message-title">{translate('tickets.messages.editTitle')}</DialogTitle>
        <DialogContent dividers>
          <TextField
            autoFocus
            multiline
            minRows={1}
            maxRows={EDIT_MAX_ROWS}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            slotProps={{ htmlInput: { 'aria-label': translate('tickets.messages.editTitle') } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose}>{translate('common.cancel')}</Button>
          <Button variant="contained" onClick={save} disabled={!trimmed || busy || trimmed === message.body.trim()}>
            {translate('tickets.messages.save')}
          </Button>
        </DialogActions>
      </Dialog>
      {guard.confirmation}
    </>
  );
}
