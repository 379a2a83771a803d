import { useTranslate } from 'react-admin';
import { FormDialog } from '../../components/FormDialog';
import { useRecordForm } from '../../hooks/useRecordForm';
import type { User, UserFormValues } from './types';
import { UserInputs } from './UserInputs';
import { NEW_USER, toFormValues, toPayload } from './userForm';

interface UserDialogProps {
  /** The user to edit; without it the dialog adds a user. */
  userId?: number;
  /**
   * A super user managing this company's users (Settings → Empresas): a new user is added to it (POST /users
   * with companyId), and its queues and connections feed the selects.
   */
  company?: { id: number; name: string };
  onClose(): void;
  onSaved?(user: User): void;
}

/** Add or edit a user (GET/POST/PUT /users). */
export function UserDialog({ userId, company, onClose, onSaved }: UserDialogProps) {
  const translate = useTranslate();
  const isNew = userId === undefined;
  const form = useRecordForm<User, UserFormValues>({
    path: '/users',
    id: userId,
    empty: NEW_USER,
    toFormValues,
    // A user keeps its company, so only a new one names it.
    toPayload: (values) => ({ ...toPayload(values), ...(company && isNew ? { companyId: company.id } : {}) }),
    onSaved,
    onClose,
  });
  const title = company && translate(`users.form.${isNew ? 'addToCompanyTitle' : 'editInCompanyTitle'}`, { company: company.name });
  return (
    <FormDialog resource="users" title={title} isNew={form.isNew} values={form.values} onSubmit={form.submit} onClose={onClose}>
      <UserInputs isNew={form.isNew} companyId={company?.id} />
    </FormDialog>
  );
}
