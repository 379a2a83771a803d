import { useAppDataProvider } from '../../providers/dataProvider';
import { Alert, Autocomplete, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useDiscardGuard } from '../../components/DiscardChangesGuard';
import { ignoreFailure } from './chatMethods';
import type { Chat, UserOption } from './types';
import { useUserOptions } from './useUserOptions';
import { useAutocompleteTexts } from '../../components/useAutocompleteTexts';

type Problem = 'titleRequired' | 'usersRequired' | null;

interface ChatDialogProps {
  /** The chat to edit; a new chat when absent. */
  chat?: Chat;
  userId: number | undefined;
  onClose(): void;
  onSaved(chat: Chat): void;
}

/**
 * 'Nova conversa' and its edit: a title and at least one other user (campaigns §5, each missing one raises an
 * alert). The server adds the creator as owner; a failed request leaves the dialog open, silently (§8). Escape or a
 * backdrop click after a change asks before discarding it.
 */
export function ChatDialog({ chat, userId, onClose, onSaved }: ChatDialogProps) {
  const autocompleteTexts = useAutocompleteTexts();
  const dataProvider = useAppDataProvider();
  const translate = useTranslate();
  const options = useUserOptions(userId);
  const [title, setTitle] = useState(chat?.title ?? '');
  const [users, setUsers] = useState<UserOption[]>(
    () => chat?.users.filter((member) => member.userId !== userId).map((member) => ({ id: member.user.id, name: member.user.name })) ?? [],
  );
  const [problem, setProblem] = useState<Problem>(null);
  const [busy, setBusy] = useState(false);
  const guard = useDiscardGuard(onClose);
  const { setDirty } = guard;
  const initialUsers = chat?.users.filter((member) => member.userId !== userId).length ?? 0;
  const changed = title !== (chat?.title ?? '') || users.length !== initialUsers;
  useEffect(() => setDirty(changed), [changed, setDirty]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return setProblem('titleRequired');
    if (!users.length) return setProblem('usersRequired');
    setProblem(null);
    setBusy(true);
    try {
      const form = { title: title.trim(), users: users.map((user) => ({ id: user.id })) };
      onSaved(chat ? await dataProvider.updateChat(chat.id, form) : await dataProvider.createChat(form));
    } catch (error) {
      ignoreFailure(error);
      setBusy(false);
    }
  };

  return (
    <>
      <Dialog open onClose={guard.onDialogClose} fullWidth maxWidth="sm" aria-labelledby="chat-dialog-title">
        <form onSubmit={submit} noValidate>
          <DialogTitle id="chat-dialog-title">{translate(chat ? 'chats.dialog.editTitle' : 'chats.dialog.addTitle')}</DialogTitle>
          <DialogContent dividers>
            <Stack spacing={2}>
              {problem && (
                <Alert severity="warning" onClose={() => setProblem(null)} data-chat-dialog-alert>
                  {translate(`chats.dialog.${problem}`)}
                </Alert>
              )}
              <TextField
                label={translate('chats.dialog.title')}
                value={title}
                onChange={(event) => setTitle(event.target.value)}
                autoFocus
                fullWidth
                slotProps={{ htmlInput: { maxLength: 100 } }}
              />
              <Autocomplete
                {...autocompleteTexts}
                multiple
                disableCloseOnSelect
                options={options}
                value={users}
                onChange={(_, value) => setUsers(value)}
                getOptionLabel={(option) => option.name}
                isOptionEqualToValue={(option, value) => option.id === value.id}
                noOptionsText={translate('chats.dialog.noUsers')}
                renderOption={({ key, ...props }, option, { selected }) => (
                  <li key={key} {...props}>
                    <Checkbox size="small" checked={selected} sx={{ mr: 1, p: 0.5 }} />
                    {option.name}
                  </li>
                )}
                renderInput={(params) => <TextField {...params} label={translate('chats.dialog.users')} />}
              />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 2 }}>
            <Button onClick={onClose}>{translate('common.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {translate(chat ? 'chats.dialog.save' : 'chats.dialog.add')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      {guard.confirmation}
    </>
  );
}
