import { TextInput } from 'react-admin';
import { ResourceFormDialog } from '../../components/ResourceFormDialog';
import { itemEmailRules, itemFormValues, itemNameRules, itemNumberRules, itemPayload, NEW_ITEM } from './contactListForm';
import type { ContactListItem, ContactListItemFormValues } from './types';

interface ContactListItemDialogProps {
  contactListId: number;
  /** The item to edit; without it the dialog adds one. */
  id?: number;
  onClose(): void;
}

/** Add or edit a contact of a list (name, number, email); the server checks the number on WhatsApp. */
export function ContactListItemDialog({ contactListId, id, onClose }: ContactListItemDialogProps) {
  return (
    <ResourceFormDialog<ContactListItem, ContactListItemFormValues>
      resource="contact-list-items"
      catalog="contactListItems"
      id={id}
      onClose={onClose}
      empty={NEW_ITEM}
      toFormValues={itemFormValues}
      transform={(values) => itemPayload(values, contactListId)}
      delaySubmit
    >
      <TextInput source="name" label="contactListItems.form.name" validate={itemNameRules} autoFocus autoComplete="off" />
      <TextInput
        source="number"
        label="contactListItems.form.number"
        helperText="contactListItems.form.numberHelp"
        validate={itemNumberRules}
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'tel' } }}
      />
      <TextInput source="email" label="contactListItems.form.email" type="email" validate={itemEmailRules} autoComplete="off" />
    </ResourceFormDialog>
  );
}
