import Add from '@mui/icons-material/Add';
import Search from '@mui/icons-material/Search';
import { Box, Button, InputAdornment, Paper, TextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { PageHeader } from '../../components/PageHeader';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useNearEnd } from '../../hooks/useNearEnd';
import { useNotifyError } from '../../hooks/useNotifyError';
import { usePagedList } from '../../hooks/usePagedList';
import { api } from '../../providers/httpClient';
import { useLiveResource } from '../../realtime/useLiveResource';
import type { User } from './types';
import { UserDialog } from './UserDialog';
import { UserTable } from './UserTable';

type Editing = { userId?: number } | null;

/** /users: searchable, infinitely scrolled, live-updated list of the company's users. */
export function UserList() {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [search, setSearch] = useState('');
  const list = usePagedList<User>('/users', 'users', search);
  const { rootRef, sentinelRef } = useNearEnd<HTMLDivElement, HTMLDivElement>(list.loadMore, list.hasMore && !list.loading);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  useLiveResource('user', list);

  const remove = async (user: User) => {
    try {
      await api.delete(`/users/${user.id}`);
      list.remove(user.id);
      notify('users.deleted', { type: 'success' });
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Box>
      <PageHeader title="users.title">
        <TextField
          type="search"
          name="searchParam"
          placeholder={translate('users.search')}
          value={search}
          onChange={event => setSearch(event.target.value)}
          variant="outlined"
          margin="none"
          fullWidth={false}
          sx={{ flex: { xs: '1 1 100%', sm: '0 1 260px' } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search color="action" />
                </InputAdornment>
              ),
            },
            htmlInput: { 'aria-label': translate('users.search') },
          }}
        />
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({})}>
          {translate('users.add')}
        </Button>
      </PageHeader>
      <Paper variant="outlined" ref={rootRef} sx={{ maxHeight: 'calc(100vh - 180px)', overflow: 'auto' }}>
        <UserTable users={list.records} loading={list.loading} onEdit={user => setEditing({ userId: user.id })} onDelete={setDeleting} />
        <div ref={sentinelRef} />
      </Paper>
      {editing && <UserDialog userId={editing.userId} onClose={() => setEditing(null)} onSaved={list.upsert} />}
      <ConfirmDialog
        open={deleting !== null}
        title={translate('users.deleteTitle', { name: deleting?.name })}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove(deleting)}
      >
        {translate('users.deleteMessage')}
      </ConfirmDialog>
    </Box>
  );
}
