import { Avatar, Box, type Theme, Typography, useMediaQuery } from '@mui/material';
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
import { useAccess } from '../../hooks/useAccess';
import { useDialogRoute } from '../../hooks/useDialogRoute';
import { useLiveResource } from '../../realtime/useLiveResource';
import { ContactDialog } from './ContactDialog';
import type { Contact } from './types';

/** The spec's lists search 500 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 500;
const PAGE_SIZE = 20;

/** The contact's picture, or the first letter of the name. */
function ContactPicture() {
  const contact = useRecordContext<Contact>();
  if (!contact) return null;
  return (
    <Avatar src={contact.profilePicUrl ?? undefined} alt={contact.name} sx={{ width: 32, height: 32, fontSize: 15 }}>
      {contact.name?.charAt(0).toUpperCase()}
    </Avatar>
  );
}

/** The name; phones, without the number column, show the number under it. */
function ContactName({ withNumber }: { withNumber: boolean }) {
  const contact = useRecordContext<Contact>();
  if (!contact) return null;
  return (
    <Box data-contact-id={contact.id} sx={{ overflowWrap: 'anywhere' }}>
      {contact.name}
      {withNumber && (
        <Typography variant="body2" color="text.secondary">
          {contact.number}
        </Typography>
      )}
    </Box>
  );
}

/** Edit opens the dialog route; delete (those allowed 'contacts-page:deleteContact') asks first, with the name. */
function ContactActions({ canDelete }: { canDelete: boolean }) {
  const contact = useRecordContext<Contact>();
  const translate = useTranslate();
  const notify = useNotify();
  if (!contact) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
      <EditButton label="" aria-label={translate('contacts.edit', { name: contact.name })} />
      {canDelete && (
        <DeleteWithConfirmButton
          label=""
          aria-label={translate('contacts.delete', { name: contact.name })}
          confirmTitle="contacts.deleteTitle"
          titleTranslateOptions={{ name: contact.name }}
          confirmContent="contacts.deleteMessage"
          mutationMode="pessimistic"
          redirect={false}
          mutationOptions={{ onSuccess: () => notify('contacts.deleted', { type: 'success' }) }}
        />
      )}
    </Box>
  );
}

/**
 * /contacts: react-admin's infinite list of the company's contacts (search by name, number or email with
 * debounce, live through the `contact` socket topic), with the add and edit dialogs on /contacts/create and
 * /contacts/{id}.
 */
export function ContactList() {
  const translate = useTranslate();
  const canDelete = useAccess()?.can('contacts-page:deleteContact') ?? false;
  // Phones keep the picture, the name (with the number under it) and the actions; number and email columns need the width.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  useLiveResource('contacts', 'contact');
  const { creating, editId } = useDialogRoute('/contacts');
  return (
    <>
      <PageHeader title="contacts.title" />
      <InfiniteList<Contact>
        resource="contacts"
        title="contacts.title"
        sort={{ field: 'name', order: 'ASC' }}
        perPage={PAGE_SIZE}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('contacts.search')} />]}
        debounce={SEARCH_DEBOUNCE_MS}
        // The dialogs are routes of their own (/contacts/create, /contacts/{id}); the list keeps its search in memory.
        disableSyncWithLocation
        actions={
          <TopToolbar>
            <CreateButton label="contacts.add" variant="contained" />
          </TopToolbar>
        }
        empty={false}
      >
        <DataTable<Contact> rowClick={false} bulkActionButtons={false} empty={<ContactsEmpty />}>
          <DataTable.Col source="profilePicUrl" label="" disableSort render={() => <ContactPicture />} sx={{ width: 48, pr: 0 }} />
          <DataTable.Col source="name" label="contacts.columns.name" render={() => <ContactName withNumber={!wide} />} />
          {wide && <DataTable.Col source="number" label="contacts.columns.number" sx={{ whiteSpace: 'nowrap' }} />}
          {wide && <DataTable.Col source="email" label="contacts.columns.email" sx={{ overflowWrap: 'anywhere' }} />}
          <DataTable.Col label="contacts.columns.actions" align="right" render={() => <ContactActions canDelete={canDelete} />} />
        </DataTable>
      </InfiniteList>
      {creating && <ContactDialog />}
      {editId !== undefined && <ContactDialog contactId={editId} />}
    </>
  );
}

function ContactsEmpty() {
  const translate = useTranslate();
  return <Box sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>{translate('contacts.empty')}</Box>;
}
