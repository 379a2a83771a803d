import { useAppDataProvider } from '../../providers/dataProvider';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Box, Button, CircularProgress, IconButton, List, ListItem, ListItemText, TextField, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useNotifyError } from '../../hooks/useNotifyError';
import { NOTE_MIN_LENGTH } from './constants';
import { dateTime } from './timeLabels';
import type { TicketNote } from './types';
import { useAgent } from './useAgent';
import { useTicketNotes } from './useTicketNotes';

/** Ticket notes: add (required, at least 2 characters), list, delete with confirmation (own notes; an admin any, as the API allows). */
export function TicketNotes({ ticketId, contactId }: { ticketId: number; contactId: number }) {
  const dataProvider = useAppDataProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const { notes, loading, add, drop } = useTicketNotes(ticketId, contactId);
  const agent = useAgent();
  const mayDelete = (note: TicketNote) => Boolean(agent && (agent.isAdmin || note.user?.id === agent.id));
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<TicketNote | null>(null);

  const save = async () => {
    const note = text.trim();
    if (!note) return setError(translate('validation.required'));
    if (note.length < NOTE_MIN_LENGTH) return setError(translate('validation.tooShort'));
    setError(undefined);
    setBusy(true);
    try {
      add(await dataProvider.addTicketNote({ note, ticketId, contactId }));
      setText('');
      notify('tickets.notes.added', { type: 'success' });
    } catch (failure) {
      notifyError(failure);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (note: TicketNote) => {
    try {
      await dataProvider.deleteTicketNote(note.id);
      drop(note.id);
      notify('tickets.notes.deleted', { type: 'success' });
    } catch (failure) {
      notifyError(failure);
    }
  };

  return (
    <Box data-ticket-notes>
      <TextField
        multiline
        minRows={2}
        maxRows={6}
        label={translate('tickets.notes.label')}
        placeholder={translate('tickets.notes.placeholder')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(undefined);
        }}
        error={Boolean(error)}
        helperText={error}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 0.5 }}>
        <Button size="small" onClick={() => setText('')} disabled={!text || busy}>
          {translate('tickets.notes.clear')}
        </Button>
        <Button size="small" variant="contained" onClick={() => void save()} disabled={busy} startIcon={busy && <CircularProgress size={14} color="inherit" />}>
          {translate('tickets.notes.save')}
        </Button>
      </Box>
      {loading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 1 }}>
          <CircularProgress size={20} />
        </Box>
      ) : notes.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('tickets.notes.empty')}
        </Typography>
      ) : (
        <List dense disablePadding sx={{ mt: 1 }}>
          {notes.map((note) => (
            <ListItem
              key={note.id}
              disableGutters
              divider
              data-ticket-note={note.id}
              secondaryAction={
                mayDelete(note) && (
                  <Tooltip title={translate('tickets.notes.delete')}>
                    <IconButton edge="end" size="small" aria-label={translate('tickets.notes.delete')} onClick={() => setDeleting(note)}>
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )
              }
            >
              <ListItemText
                primary={note.note}
                secondary={`${note.user?.name ?? ''} · ${dateTime(note.createdAt)}`}
                slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={translate('tickets.notes.deleteTitle')}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove(deleting)}
      >
        {translate('tickets.notes.deleteMessage')}
      </ConfirmDialog>
    </Box>
  );
}
