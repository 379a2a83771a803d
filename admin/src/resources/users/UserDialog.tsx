import { useTranslate } from 'react-admin';
import { ResourceFormDialog } from '../../components/ResourceFormDialog';
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
  /** Closing outside the /users routes (the account menu's Perfil, a company's users); back to /users unless told. */
  onClose?(): void;
  onSaved?(user: User): void;
}

/** Add (`/users/create`) or edit (`/users/{id}`) a user, or the same dialog opened from elsewhere with `onClose`. */
export function UserDialog({ userId, company, onClose, onSaved }: UserDialogProps) {
  const translate = useTranslate();
  const isNew = userId === undefined;
  const title = company && translate(`users.form.${isNew ? 'addToCompanyTitle' : 'editInCompanyTitle'}`, { company: company.name });
  return (
    <ResourceFormDialog<User, UserFormValues>
      resource="users"
      listPath="/users"
      onClose={onClose}
      onSaved={onSaved}
      title={title}
      id={userId}
      empty={NEW_USER}
      toFormValues={toFormValues}
      // A user keeps its company, so only a new one names it.
      transform={(values) => ({ ...toPayload(values), ...(company && isNew ? { companyId: company.id } : {}) })}
    >
      <UserInputs isNew={isNew} companyId={company?.id} />
    </ResourceFormDialog>
  );
}
