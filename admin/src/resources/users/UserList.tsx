import { Box, type Theme, Typography, useMediaQuery } from '@mui/material';
import {
  CreateButton,
  DataTable,
  DeleteWithConfirmButton,
  EditButton,
  InfiniteList,
  SearchInput,
  TopToolbar,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { PageHeader } from '../../components/PageHeader';
import { useDialogRoute } from '../../hooks/useDialogRoute';
import { useLiveResource } from '../../realtime/useLiveResource';
import { ProfileChip } from './ProfileChip';
import type { User } from './types';
import { UserDialog } from './UserDialog';

/** The spec's lists search 500 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 500;
const PAGE_SIZE = 20;

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

/** Edit opens the dialog route; delete asks first, with the user's name, and says when it is done. */
function UserActions() {
  const user = useRecordContext<User>();
  const translate = useTranslate();
  const notify = useNotify();
  if (!user) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
      <EditButton label="" aria-label={translate('users.edit', { name: user.name })} />
      <DeleteWithConfirmButton
        label=""
        aria-label={translate('users.delete', { name: user.name })}
        confirmTitle="users.deleteTitle"
        titleTranslateOptions={{ name: user.name }}
        confirmContent="users.deleteMessage"
        mutationMode="pessimistic"
        redirect={false}
        mutationOptions={{ onSuccess: () => notify('users.deleted', { type: 'success' }) }}
      />
    </Box>
  );
}

/**
 * /users (admins): react-admin's infinite list of the company's users (search with debounce, live through the
 * `user` socket topic), with the add and edit dialogs on /users/create and /users/{id}.
 */
export function UserList() {
  const translate = useTranslate();
  // Phones keep the name (with the email under it) and the actions; id, email and profile columns need the width.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  useLiveResource('users', 'user');
  const { creating, editId } = useDialogRoute('/users');
  return (
    <>
      <PageHeader title="users.title" />
      <InfiniteList<User>
        resource="users"
        title="users.title"
        sort={{ field: 'name', order: 'ASC' }}
        perPage={PAGE_SIZE}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('users.search')} />]}
        debounce={SEARCH_DEBOUNCE_MS}
        // The dialogs are routes of their own (/users/create, /users/{id}); the list keeps its search in memory.
        disableSyncWithLocation
        actions={
          <TopToolbar>
            <CreateButton label="users.add" variant="contained" />
          </TopToolbar>
        }
        empty={false}
      >
        <DataTable<User> rowClick={false} bulkActionButtons={false} empty={<UsersEmpty />}>
          {wide && <DataTable.Col source="id" label="users.columns.id" />}
          <DataTable.Col source="name" label="users.columns.name" render={() => <UserName withEmail={!wide} />} />
          {wide && <DataTable.Col source="email" label="users.columns.email" />}
          {wide && <DataTable.Col source="profile" label="users.columns.profile" render={() => <UserProfile />} />}
          <DataTable.Col label="users.columns.actions" align="right" render={() => <UserActions />} />
        </DataTable>
      </InfiniteList>
      {creating && <UserDialog />}
      {editId !== undefined && <UserDialog userId={editId} />}
    </>
  );
}

function UsersEmpty() {
  const translate = useTranslate();
  return <Box sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>{translate('users.empty')}</Box>;
}
