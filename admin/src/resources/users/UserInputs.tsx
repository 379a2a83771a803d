import { Box } from '@mui/material';
import { PasswordInput, SelectArrayInput, SelectInput, TextInput } from 'react-admin';
import { useAccess } from '../../hooks/useAccess';
import { emailRules, nameRules, passwordRules, requiredRule } from '../../validation';
import type { QueueSummary } from './types';
import { useOptions } from '../../hooks/useOptions';

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
  /** The company whose queues and connections are offered (a super user's `?companyId=`); the caller's own unless told. */
  companyId?: number;
}

const scoped = (path: string, companyId: number | undefined) => (companyId === undefined ? path : `${path}?companyId=${companyId}`);

/** The user dialog's fields; profile, queues, connection and allTicket follow the editor's permissions. */
export function UserInputs({ isNew, companyId }: UserInputsProps) {
  const access = useAccess();
  const canEditProfile = access?.can('user-modal:editProfile') ?? false;
  const canEditQueues = access?.can('user-modal:editQueues') ?? false;
  const isAdmin = access?.isAdmin ?? false;
  const queues = useOptions<QueueSummary>(scoped('/queue', companyId), canEditQueues);
  const connections = useOptions<{ id: number; name: string }>(scoped('/whatsapp', companyId), isAdmin);

  return (
    <>
      <Box sx={grid}>
        <TextInput source="name" label="users.form.name" validate={nameRules} autoFocus />
        <TextInput source="email" type="email" label="users.form.email" validate={emailRules} autoComplete="off" />
        <PasswordInput source="password" label="users.form.password" validate={passwordRules(isNew)} autoComplete="new-password" />
        {canEditProfile && <SelectInput source="profile" label="users.form.profile" choices={PROFILE_CHOICES} validate={requiredRule} />}
      </Box>
      {canEditQueues && <SelectArrayInput source="queueIds" label="users.form.queues" choices={queues} translateChoice={false} />}
      {isAdmin && (
        <Box sx={grid}>
          <SelectInput source="whatsappId" label="users.form.whatsapp" choices={connections} translateChoice={false} emptyText="users.form.noWhatsapp" />
          <SelectInput source="allTicket" label="users.form.allTicket" choices={ALL_TICKET_CHOICES} validate={requiredRule} />
        </Box>
      )}
    </>
  );
}
