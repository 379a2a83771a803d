import { useRef } from 'react';
import { TextInput } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { ResourceFormDialog } from '../../components/ResourceFormDialog';
import { listFormValues, listNameRules, listPayload, NEW_LIST } from './contactListForm';
import type { ContactList, ContactListFormValues } from './types';

/** Add (`/contact-lists/create`) or rename (`/contact-lists/{id}`) a contact list; a new list opens at once, to be filled. */
export function ContactListDialog({ id }: { id?: number }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const created = useRef<number | null>(null);
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
      onSaved={(record) => {
        if (id === undefined) created.current = record.id;
      }}
      onClose={() => navigate(created.current ? `/contact-lists/${created.current}/contacts` : { pathname: '/contact-lists', search })}
    >
      <TextInput source="name" label="contactLists.form.name" validate={listNameRules} autoFocus autoComplete="off" />
    </ResourceFormDialog>
  );
}
