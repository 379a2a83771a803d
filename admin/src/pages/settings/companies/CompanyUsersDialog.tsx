import Add from '@mui/icons-material/Add';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { ResourceTable } from '../../../components/ResourceTable';
import { useRecordList } from '../../../hooks/useRecordList';
import type { User } from '../../../resources/users/types';
import { UserDialog } from '../../../resources/users/UserDialog';
import { USER_COLUMNS } from '../../../resources/users/userColumns';

interface CompanyUsersDialogProps {
  company: { id: number; name: string };
  onClose(): void;
}

const nameOf = (user: User) => user.name;

/**
 * Usuário (super users): the company's users (GET /users/list?companyId=); a row opens the user dialog to edit
 * it, the add button to add one. The list reloads after a save: this socket is not in that company's room.
 */
export function CompanyUsersDialog({ company, onClose }: CompanyUsersDialogProps) {
  const translate = useTranslate();
  const users = useRecordList<User>(`/users/list?companyId=${company.id}`);
  const [editing, setEditing] = useState<{ userId?: number } | null>(null);
  const titleId = 'company-users-dialog-title';
  return (
    <>
      <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{translate('companies.users.title', { company: company.name })}</DialogTitle>
        <DialogContent dividers sx={{ p: 0, maxHeight: '60vh' }}>
          <ResourceTable<User>
            resource="users"
            recordName="user"
            columns={USER_COLUMNS}
            records={users.records}
            loading={users.loading}
            nameOf={nameOf}
            onEdit={(user) => setEditing({ userId: user.id })}
            onRowClick={(user) => setEditing({ userId: user.id })}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose}>{translate('common.close')}</Button>
          <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({})}>
            {translate('users.add')}
          </Button>
        </DialogActions>
      </Dialog>
      {editing && <UserDialog userId={editing.userId} company={company} onClose={() => setEditing(null)} onSaved={users.reload} />}
    </>
  );
}
