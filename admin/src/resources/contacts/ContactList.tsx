import { RecordRowActions } from '../../components/RecordRowActions';
import { ListEmpty } from '../../components/ListEmpty';
import { SearchableResourceList } from '../../components/SearchableResourceList';
import { Avatar, Box, type Theme, Typography, useMediaQuery } from '@mui/material';
import { useState } from 'react';
import { DataTable, useRecordContext } from 'react-admin';
import { useDialogRoute } from '../../hooks/useDialogRoute';
import { useLiveResource } from '../../realtime/useLiveResource';
import { ContactDialog } from './ContactDialog';
import { ContactExportButton } from './ContactExportButton';
import { ContactImportButton } from './ContactImportButton';
import { StartChatButton } from './StartChatButton';
import { StartChatDialog } from './StartChatDialog';
import { chatBlock } from './startChat';
import type { Contact } from './types';

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

/** Start a conversation; edit opens the dialog route; delete (where the rule table allows it) asks first, with the name. */
function ContactActions({ onStartChat }: { onStartChat(contact: Contact): void }) {
  const contact = useRecordContext<Contact>();
  if (!contact) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center' }}>
      <StartChatButton onStart={onStartChat} />
      <RecordRowActions catalog="contacts" name={contact.name} />
    </Box>
  );
}

/**
 * /contacts: react-admin's infinite list of the company's contacts (search by name, number or email with
 * debounce, live through the `contact` socket topic), with the add and edit dialogs on /contacts/create and
 * /contacts/{id}. Each row starts a conversation (queue and connection asked, then /tickets/{uuid}); a contact just
 * added leads there the same way (core §3), the dialog's Cancel staying on the list.
 */
export function ContactList() {
  // Phones keep the picture, the name (with the number under it) and the actions; number and email columns need the width.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  useLiveResource('contacts', 'contact');
  const { creating, editId } = useDialogRoute('/contacts');
  const [chatWith, setChatWith] = useState<Contact | null>(null);
  return (
    <>
      <SearchableResourceList
        resource="contacts"
        catalog="contacts"
        sort={{ field: 'name', order: 'ASC' }}
        extraActions={
          <>
            <ContactImportButton />
            <ContactExportButton />
          </>
        }
      >
        <DataTable<Contact> rowClick={false} bulkActionButtons={false} empty={<ListEmpty message="contacts.empty" />}>
          <DataTable.Col source="profilePicUrl" label="" disableSort render={() => <ContactPicture />} sx={{ width: 48, pr: 0 }} />
          <DataTable.Col source="name" label="contacts.columns.name" render={() => <ContactName withNumber={!wide} />} />
          {wide && <DataTable.Col source="number" label="contacts.columns.number" sx={{ whiteSpace: 'nowrap' }} />}
          {wide && <DataTable.Col source="email" label="contacts.columns.email" sx={{ overflowWrap: 'anywhere' }} />}
          <DataTable.Col label="contacts.columns.actions" align="right" render={() => <ContactActions onStartChat={setChatWith} />} />
        </DataTable>
      </SearchableResourceList>
      {creating && <ContactDialog onSaved={(contact) => chatBlock(contact) === null && setChatWith(contact)} />}
      {editId !== undefined && <ContactDialog contactId={editId} />}
      {chatWith && <StartChatDialog key={chatWith.id} contact={chatWith} onClose={() => setChatWith(null)} />}
    </>
  );
}
