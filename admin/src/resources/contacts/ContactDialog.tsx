import { useNotify, useTranslate } from 'react-admin';
import { validationErrors } from '../../components/formErrors';
import { ResourceFormDialog } from '../../components/ResourceFormDialog';
import { ApiError, type ApiErrorBody } from '../../providers/httpClient';
import { ContactInputs } from './ContactInputs';
import { NEW_CONTACT, toFormValues, toPayload } from './contactForm';
import type { Contact, ContactFormValues, ContactSaveError } from './types';

interface ContactDialogProps {
  /** The contact to edit; without it the dialog adds a contact. */
  contactId?: number;
  /** Closing outside the /contacts routes (the ticket's contact drawer); back to /contacts unless told. */
  onClose?(): void;
  onSaved?(contact: Contact): void;
}

/** Add (`/contacts/create`) or edit (`/contacts/{id}`) a contact, or the same dialog opened elsewhere with `onClose`. */
export function ContactDialog({ contactId, onClose, onSaved }: ContactDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();

  /** A duplicate or a number not on WhatsApp: a toast and the reason under the number; else the API's field errors. */
  const refusals = (error: unknown): Record<string, string> | undefined => {
    if (!(error instanceof ApiError)) return undefined;
    const body = (error.body ?? {}) as ContactSaveError & ApiErrorBody;
    if (body.alreadyExists || body.error === 'ERR_DUPLICATED_CONTACT') {
      notify('contacts.errors.duplicated', { type: 'error' });
      const existing = body.existingContact;
      return {
        number: existing ? translate('contacts.errors.existing', { name: existing.name, number: existing.number }) : translate('contacts.errors.duplicated'),
      };
    }
    if (body.invalido || body.error === 'ERR_WAPP_INVALID_CONTACT') {
      notify('contacts.errors.invalidNumber', { type: 'error' });
      return { number: translate('contacts.errors.invalidNumber') };
    }
    return validationErrors(error);
  };

  return (
    <ResourceFormDialog<Contact, ContactFormValues>
      resource="contacts"
      listPath="/contacts"
      onClose={onClose}
      onSaved={onSaved}
      id={contactId}
      empty={NEW_CONTACT}
      toFormValues={toFormValues}
      transform={(values) => toPayload(values)}
      delaySubmit
      refusals={refusals}
    >
      <ContactInputs isNew={contactId === undefined} />
    </ResourceFormDialog>
  );
}
