import { PagedListPage } from '../../components/PagedListPage';
import { useAccess } from '../../hooks/useAccess';
import { ContactDialog } from './ContactDialog';
import { CONTACT_COLUMNS } from './contactColumns';
import type { Contact } from './types';

const LIVE = { topic: 'contact' };
const nameOf = (contact: Contact) => contact.name;

/** /contacts: searchable, infinitely scrolled, live-updated list of the company's contacts. */
export function ContactList() {
  const canDelete = useAccess()?.can('contacts-page:deleteContact') ?? false;
  return (
    <PagedListPage<Contact>
      resource="contacts"
      path="/contacts"
      recordsKey="contacts"
      live={LIVE}
      recordName="contact"
      columns={CONTACT_COLUMNS}
      nameOf={nameOf}
      canDelete={canDelete}
      renderDialog={({ record, onClose, onSaved }) => <ContactDialog contactId={record?.id} onClose={onClose} onSaved={onSaved} />}
    />
  );
}
