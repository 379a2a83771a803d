import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useEffect, useEffectEvent, useState } from 'react';
import { Form, useNotify, useTranslate } from 'react-admin';
import { SubmitButton } from '../../components/SubmitButton';
import { useNotifyError } from '../../hooks/useNotifyError';
import { api, ApiError, type ApiErrorBody } from '../../providers/httpClient';
import type { User, UserFormValues } from './types';
import { UserInputs } from './UserInputs';
import { fieldErrors, NEW_USER, toFormValues, toPayload } from './userForm';

interface UserDialogProps {
  /** The user to edit; without it the dialog adds a user. */
  userId?: number;
  onClose(): void;
  onSaved?(user: User): void;
}

/** Add or edit a user (GET/POST/PUT /users). */
export function UserDialog({ userId, onClose, onSaved }: UserDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const isNew = userId === undefined;
  const [values, setValues] = useState<UserFormValues | undefined>(isNew ? NEW_USER : undefined);
  const failedToLoad = useEffectEvent((error: unknown) => {
    notifyError(error);
    onClose();
  });

  useEffect(() => {
    if (isNew) return;
    api
      .get<User>(`/users/${userId}`)
      .then(user => setValues(toFormValues(user)))
      .catch(failedToLoad);
  }, [isNew, userId]);

  const submit = async (form: Record<string, unknown>) => {
    const payload = toPayload(form as unknown as UserFormValues);
    try {
      const user = isNew ? await api.post<User>('/users', payload) : await api.put<User>(`/users/${userId}`, payload);
      notify('common.saved', { type: 'success' });
      onSaved?.(user);
      onClose();
    } catch (error) {
      const fields = error instanceof ApiError ? (error.body as ApiErrorBody | undefined)?.fields : undefined;
      if (fields?.length) return fieldErrors(fields);
      notifyError(error);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="user-dialog-title">
      <DialogTitle id="user-dialog-title">{translate(isNew ? 'users.form.addTitle' : 'users.form.editTitle')}</DialogTitle>
      {values ? (
        <Form record={values} onSubmit={submit}>
          <DialogContent dividers>
            <UserInputs isNew={isNew} />
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 2 }}>
            <Button onClick={onClose}>{translate('common.cancel')}</Button>
            <SubmitButton label={isNew ? 'users.form.add' : 'users.form.save'} fullWidth={false} />
          </DialogActions>
        </Form>
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress />
        </Box>
      )}
    </Dialog>
  );
}
