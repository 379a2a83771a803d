import { useNotify, useTranslate } from 'react-admin';
import { FormDialog } from '../../components/FormDialog';
import { type SubmitAnswer, useRecordForm } from '../../hooks/useRecordForm';
import { ApiError, type ApiErrorBody } from '../../providers/httpClient';
import { ContactInputs } from './ContactInputs';
import { NEW_CONTACT, toFormValues, toPayload } from './contactForm';
import type { Contact, ContactFormValues, ContactSaveError } from './types';

/** Contact-form submissions wait 400 ms (core §9). */
const SUBMIT_DELAY_MS = 400;

interface ContactDialogProps {
  /** The contact to edit; without it the dialog adds a contact. */
  contactId?: number;
  onClose(): void;
  onSaved?(contact: Contact): void;
}

/** Add or edit a contact (GET/POST/PUT /contacts). */
export function ContactDialog({ contactId, onClose, onSaved }: ContactDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();

  /** Field errors and toasts for a duplicate or invalid number; other refusals get the shared handling. */
  const refused = (error: unknown): SubmitAnswer => {
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
    return undefined;
  };

  const form = useRecordForm<Contact, ContactFormValues>({
    path: '/contacts',
    id: contactId,
    empty: NEW_CONTACT,
    toFormValues,
    toPayload,
    savedMessage: 'contacts.saved',
    submitDelayMs: SUBMIT_DELAY_MS,
    refused,
    onSaved,
    onClose,
  });

  return (
    <FormDialog resource="contacts" isNew={form.isNew} values={form.values} onSubmit={form.submit} onClose={onClose} scrolling noValidate>
      <ContactInputs origin={form.isNew ? undefined : (form.loaded?.whatsapp?.name ?? null)} />
    </FormDialog>
  );
}
