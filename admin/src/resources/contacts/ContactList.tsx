import Add from '@mui/icons-material/Add';
import Search from '@mui/icons-material/Search';
import { Box, Button, InputAdornment, Paper, TextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { useAccess } from '../../hooks/useAccess';
import { useNearEnd } from '../../hooks/useNearEnd';
import { useNotifyError } from '../../hooks/useNotifyError';
import { usePagedList } from '../../hooks/usePagedList';
import { api } from '../../providers/httpClient';
import { useLiveResource } from '../../realtime/useLiveResource';
import { ContactDialog } from './ContactDialog';
import { ContactTable } from './ContactTable';
import type { Contact } from './types';

type Editing = { contactId?: number } | null;

/** /contacts: searchable, infinitely scrolled, live-updated list of the company's contacts. */
export function ContactList() {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const canDelete = useAccess()?.can('contacts-page:deleteContact') ?? false;
  const [search, setSearch] = useState('');
  const list = usePagedList<Contact>('/contacts', 'contacts', search);
  const { rootRef, sentinelRef } = useNearEnd<HTMLDivElement, HTMLDivElement>(list.loadMore, list.hasMore && !list.loading);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  useLiveResource('contact', list);

  const remove = async (contact: Contact) => {
    try {
      await api.delete(`/contacts/${contact.id}`);
      list.remove(contact.id);
      notify('contacts.deleted', { type: 'success' });
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Box>
      <PageHeader title="contacts.title">
        <TextField
          type="search"
          name="searchParam"
          placeholder={translate('contacts.search')}
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
            htmlInput: { 'aria-label': translate('contacts.search') },
          }}
        />
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({})}>
          {translate('contacts.add')}
        </Button>
      </PageHeader>
      <Paper variant="outlined" ref={rootRef} sx={{ maxHeight: 'calc(100vh - 180px)', overflow: 'auto' }}>
        <ContactTable
          contacts={list.records}
          loading={list.loading}
          canDelete={canDelete}
          onEdit={contact => setEditing({ contactId: contact.id })}
          onDelete={setDeleting}
        />
        <div ref={sentinelRef} />
      </Paper>
      {editing && <ContactDialog contactId={editing.contactId} onClose={() => setEditing(null)} onSaved={list.upsert} />}
      <ConfirmDialog
        open={deleting !== null}
        title={translate('contacts.deleteTitle', { name: deleting?.name })}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove(deleting)}
      >
        {translate('contacts.deleteMessage')}
      </ConfirmDialog>
    </Box>
  );
}
