import { RecordRowActions } from '../../components/RecordRowActions';
import { ListEmpty } from '../../components/ListEmpty';
import { SearchableResourceList } from '../../components/SearchableResourceList';
import { Box, type Theme, Typography, useMediaQuery } from '@mui/material';
import { DataTable, useRecordContext } from 'react-admin';
import { useDialogRoute } from '../../hooks/useDialogRoute';
import { useLiveResource } from '../../realtime/useLiveResource';
import { ProfileChip } from './ProfileChip';
import type { User } from './types';
import { UserDialog } from './UserDialog';

/** The name; phones, without the email column, show the email under it. */
function UserName({ withEmail }: { withEmail: boolean }) {
  const user = useRecordContext<User>();
  if (!user) return null;
  return (
    <Box data-user-id={user.id} sx={{ minWidth: 0 }}>
      {user.name}
      {withEmail && (
        <Typography variant="body2" color="text.secondary" noWrap sx={{ maxWidth: 220 }}>
          {user.email}
        </Typography>
      )}
    </Box>
  );
}

function UserProfile() {
  const user = useRecordContext<User>();
  return user ? <ProfileChip profile={user.profile} /> : null;
}

/** Edit opens the dialog route; delete (where the rule table allows it) asks first, with the name. */
function UserActions() {
  const user = useRecordContext<User>();
  return user ? <RecordRowActions catalog="users" name={user.name} /> : null;
}

/**
 * /users (admins): react-admin's infinite list of the company's users (search with debounce, live through the
 * `user` socket topic), with the add and edit dialogs on /users/create and /users/{id}.
 */
export function UserList() {
  // Phones keep the name (with the email under it) and the actions; id, email and profile columns need the width.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  useLiveResource('users', 'user');
  const { creating, editId } = useDialogRoute('/users');
  return (
    <>
      <SearchableResourceList resource="users" catalog="users" sort={{ field: 'name', order: 'ASC' }}>
        <DataTable<User> rowClick={false} bulkActionButtons={false} empty={<ListEmpty message="users.empty" />}>
          {wide && <DataTable.Col source="id" label="users.columns.id" />}
          <DataTable.Col source="name" label="users.columns.name" render={() => <UserName withEmail={!wide} />} />
          {wide && <DataTable.Col source="email" label="users.columns.email" />}
          {wide && <DataTable.Col source="profile" label="users.columns.profile" render={() => <UserProfile />} />}
          <DataTable.Col label="users.columns.actions" align="right" render={() => <UserActions />} />
        </DataTable>
      </SearchableResourceList>
      {creating && <UserDialog />}
      {editId !== undefined && <UserDialog userId={editId} />}
    </>
  );
}
