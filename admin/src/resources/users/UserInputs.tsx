import { Box } from '@mui/material';
import { PasswordInput, SelectArrayInput, SelectInput, TextInput, useGetList } from 'react-admin';
import { useAccess } from '../../hooks/useAccess';
import { emailRules, nameRules, passwordRules, requiredRule } from '../../validation';

const PROFILE_CHOICES = [
  { id: 'admin', name: 'users.profiles.admin' },
  { id: 'user', name: 'users.profiles.user' },
];
const ALL_TICKET_CHOICES = [
  { id: 'enabled', name: 'users.form.allTicketEnabled' },
  { id: 'desabled', name: 'users.form.allTicketDisabled' },
];

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 };

interface UserInputsProps {
  isNew: boolean;
  /** The company whose queues and connections are offered (a super user's); the editor's own unless told. */
  companyId?: number;
}

interface Named {
  id: number;
  name: string;
}

/** A company's queues or connections for a select, through the dataProvider; loaded only when shown. */
function useChoices(resource: 'queues' | 'connections', companyId: number | undefined, enabled: boolean) {
  const { data, isPending } = useGetList<Named>(
    resource,
    { filter: companyId === undefined ? {} : { companyId }, sort: { field: 'name', order: 'ASC' } },
    { enabled },
  );
  return { choices: data ?? [], isPending: enabled && isPending };
}

/** The user dialog's fields; profile, queues, connection and allTicket follow the editor's permissions. */
export function UserInputs({ isNew, companyId }: UserInputsProps) {
  const access = useAccess();
  const canEditProfile = access?.can('user-modal:editProfile') ?? false;
  const canEditQueues = access?.can('user-modal:editQueues') ?? false;
  const isAdmin = access?.isAdmin ?? false;
  const queues = useChoices('queues', companyId, canEditQueues);
  const connections = useChoices('connections', companyId, isAdmin);

  return (
    <>
      <Box sx={grid}>
        <TextInput source="name" label="users.form.name" validate={nameRules} autoFocus />
        <TextInput source="email" type="email" label="users.form.email" validate={emailRules} autoComplete="off" />
        <PasswordInput source="password" label="users.form.password" validate={passwordRules(isNew)} autoComplete="new-password" />
        {canEditProfile && <SelectInput source="profile" label="users.form.profile" choices={PROFILE_CHOICES} validate={requiredRule} />}
      </Box>
      {canEditQueues && (
        <SelectArrayInput source="queueIds" label="users.form.queues" choices={queues.choices} isPending={queues.isPending} translateChoice={false} />
      )}
      {isAdmin && (
        <Box sx={grid}>
          <SelectInput
            source="whatsappId"
            label="users.form.whatsapp"
            choices={connections.choices}
            isPending={connections.isPending}
            translateChoice={false}
            emptyText="users.form.noWhatsapp"
          />
          <SelectInput source="allTicket" label="users.form.allTicket" choices={ALL_TICKET_CHOICES} validate={requiredRule} />
        </Box>
      )}
    </>
  );
}
