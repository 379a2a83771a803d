import Add from '@mui/icons-material/Add';
import Edit from '@mui/icons-material/Edit';
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { DataTable, ListContextProvider, ResourceContextProvider, useGetList, useList, useTranslate } from 'react-admin';
import { RowAction } from '../../../components/RowAction';
import type { User } from '../../../resources/users/types';
import { UserDialog } from '../../../resources/users/UserDialog';
import { type RowProps, RowPropsBody, RowPropsContext } from '../resourceTab/RowPropsBody';

interface CompanyUsersDialogProps {
  company: { id: number; name: string };
  onClose(): void;
}

/** A company has a handful of users; the API answers at most 500 a page. */
const ALL_USERS = 500;
const BY_NAME = { field: 'name', order: 'ASC' } as const;
const Col = DataTable.Col<User>;
const rowProps: RowProps<User> = (user) => ({ 'data-user-id': user.id });

function ProfileChip({ profile }: { profile: User['profile'] }) {
  const translate = useTranslate();
  return (
    <Chip size="small" variant="outlined" color={profile === 'admin' ? 'primary' : 'default'} label={translate(`users.profiles.${profile}`, { _: profile })} />
  );
}

function EditUser({ user, onEdit }: { user: User; onEdit(): void }) {
  const translate = useTranslate();
  return (
    <RowAction label={translate('users.edit', { name: user.name })} onClick={onEdit}>
      <Edit fontSize="small" />
    </RowAction>
  );
}

/**
 * Usuário (super users): the company's users, read from the `users` resource filtered by company (the API's
 * super-user `companyId`); a row opens the user dialog to edit it, the add button to add one. The list reloads
 * after a save: this socket is not in that company's room.
 */
export function CompanyUsersDialog({ company, onClose }: CompanyUsersDialogProps) {
  const translate = useTranslate();
  const { data, isPending, refetch } = useGetList<User>('users', {
    filter: { companyId: company.id },
    sort: BY_NAME,
    pagination: { page: 1, perPage: ALL_USERS },
  });
  // The loaded page as a list context, for react-admin's DataTable.
  const list = useList<User>({ data, isPending, perPage: ALL_USERS });
  const [editing, setEditing] = useState<{ userId?: number } | null>(null);
  const titleId = 'company-users-dialog-title';
  return (
    <>
      <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{translate('companies.users.title', { company: company.name })}</DialogTitle>
        <DialogContent dividers sx={{ p: 0, maxHeight: '60vh' }}>
          <ResourceContextProvider value="users">
            <ListContextProvider value={list}>
              <RowPropsContext.Provider value={rowProps as RowProps}>
                <DataTable<User>
                  rowClick={(_id, _resource, user) => {
                    setEditing({ userId: user.id });
                    return false;
                  }}
                  bulkActionButtons={false}
                  body={RowPropsBody}
                  empty={<Box sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>{translate('users.empty')}</Box>}
                >
                  <Col source="id" label="users.columns.id" disableSort />
                  <Col source="name" label="users.columns.name" disableSort />
                  <Col source="email" label="users.columns.email" disableSort />
                  <Col source="profile" label="users.columns.profile" disableSort render={(user) => <ProfileChip profile={user.profile} />} />
                  <Col label="users.columns.actions" align="right" render={(user) => <EditUser user={user} onEdit={() => setEditing({ userId: user.id })} />} />
                </DataTable>
              </RowPropsContext.Provider>
            </ListContextProvider>
          </ResourceContextProvider>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose}>{translate('common.close')}</Button>
          <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({})}>
            {translate('users.add')}
          </Button>
        </DialogActions>
      </Dialog>
      {editing && <UserDialog userId={editing.userId} company={company} onClose={() => setEditing(null)} onSaved={() => void refetch()} />}
    </>
  );
}
