import { FormDialog } from '../../components/FormDialog';
import { useRecordForm } from '../../hooks/useRecordForm';
import type { User, UserFormValues } from './types';
import { UserInputs } from './UserInputs';
import { NEW_USER, toFormValues, toPayload } from './userForm';

interface UserDialogProps {
  /** The user to edit; without it the dialog adds a user. */
  userId?: number;
  onClose(): void;
  onSaved?(user: User): void;
}

/** Add or edit a user (GET/POST/PUT /users). */
export function UserDialog({ userId, onClose, onSaved }: UserDialogProps) {
  const form = useRecordForm<User, UserFormValues>({
    path: '/users',
    id: userId,
    empty: NEW_USER,
    toFormValues,
    toPayload,
    onSaved,
    onClose,
  });
  return (
    <FormDialog resource="users" isNew={form.isNew} values={form.values} onSubmit={form.submit} onClose={onClose}>
      <UserInputs isNew={form.isNew} />
    </FormDialog>
  );
}
