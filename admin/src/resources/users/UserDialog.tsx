import { useTranslate } from 'react-admin';
import { FormDialog } from '../../components/FormDialog';
import { useAccess } from '../../hooks/useAccess';
import { useRecordForm } from '../../hooks/useRecordForm';
import type { User, UserFormValues } from './types';
import { UserInputs } from './UserInputs';
import { NEW_USER, toFormValues, toPayload } from './userForm';

interface UserDialogProps {
  /** The user to edit; without it the dialog adds a user. */
  userId?: number;
  /**
   * A super user adding a user to this company (POST /users with companyId). The API lets a super user only
   * add users to another company, not read or edit them, so this goes with no `userId`.
   */
  company?: { id: number; name: string };
  onClose(): void;
  onSaved?(user: User): void;
}

/** Add or edit a user (GET/POST/PUT /users). */
export function UserDialog({ userId, company, onClose, onSaved }: UserDialogProps) {
  const translate = useTranslate();
  const ownCompanyId = useAccess()?.me.company.id;
  // Queues and connections are read from the caller's own company, so they are not offered for another one.
  const otherCompany = company !== undefined && company.id !== ownCompanyId;
  const form = useRecordForm<User, UserFormValues>({
    path: '/users',
    id: userId,
    empty: NEW_USER,
    toFormValues,
    toPayload: values => ({ ...toPayload(values), ...(company ? { companyId: company.id } : {}) }),
    onSaved,
    onClose,
  });
  return (
    <FormDialog
      resource="users"
      title={company ? translate('users.form.addToCompanyTitle', { company: company.name }) : undefined}
      isNew={form.isNew}
      values={form.values}
      onSubmit={form.submit}
      onClose={onClose}
    >
      <UserInputs isNew={form.isNew} otherCompany={otherCompany} />
    </FormDialog>
  );
}
