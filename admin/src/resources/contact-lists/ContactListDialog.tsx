import { TextInput } from 'react-admin';
import { ResourceFormDialog } from '../../components/ResourceFormDialog';
import { listFormValues, listNameRules, listPayload, NEW_LIST } from './contactListForm';
import type { ContactList, ContactListFormValues } from './types';

/** Add (`/contact-lists/create`) or rename (`/contact-lists/{id}`) a contact list. */
export function ContactListDialog({ id }: { id?: number }) {
  return (
    <ResourceFormDialog<ContactList, ContactListFormValues>
      resource="contact-lists"
      catalog="contactLists"
      listPath="/contact-lists"
      id={id}
      empty={NEW_LIST}
      toFormValues={listFormValues}
      transform={listPayload}
      delaySubmit
    >
      <TextInput source="name" label="contactLists.form.name" validate={listNameRules} autoFocus autoComplete="off" />
    </ResourceFormDialog>
  );
}
