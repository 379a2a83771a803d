import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { Form, useNotify, useTranslate } from 'react-admin';
import { SCROLLING_FORM } from '../../components/dialogForm';
import { SubmitButton } from '../../components/SubmitButton';
import { useNotifyError } from '../../hooks/useNotifyError';
import { api, ApiError, type ApiErrorBody } from '../../providers/httpClient';
import { fieldErrors } from '../users/userForm';
import { ContactInputs } from './ContactInputs';
import { NEW_CONTACT, toFormValues, toPayload } from './contactForm';
import type { Contact, ContactFormValues, ContactSaveError } from './types';

/** Contact-form submissions wait 400 ms (core §9). */
const SUBMIT_DELAY_MS = 400;
const pause = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

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
  const notifyError = useNotifyError();
  const isNew = contactId === undefined;
  const [loaded, setLoaded] = useState<Contact | undefined>();
  const failedToLoad = useEffectEvent((error: unknown) => {
    notifyError(error);
    onClose();
  });

  useEffect(() => {
    if (isNew) return;
    api.get<Contact>(`/contacts/${contactId}`).then(setLoaded).catch(failedToLoad);
  }, [isNew, contactId]);

  const values = useMemo<ContactFormValues | undefined>(
    () => (isNew ? NEW_CONTACT : loaded && toFormValues(loaded)),
    [isNew, loaded],
  );

  /** Field errors and toasts for a refused save; undefined when the error is not about the form. */
  const refused = (error: unknown): Record<string, string> | undefined => {
    if (!(error instanceof ApiError)) return undefined;
    const body = (error.body ?? {}) as ContactSaveError & ApiErrorBody;
    if (body.alreadyExists || body.error === 'ERR_DUPLICATED_CONTACT') {
      notify('contacts.errors.duplicated', { type: 'error' });
      const existing = body.existingContact;
      return { number: existing ? translate('contacts.errors.existing', { name: existing.name, number: existing.number }) : translate('contacts.errors.duplicated') };
    }
    if (body.invalido || body.error === 'ERR_WAPP_INVALID_CONTACT') {
      notify('contacts.errors.invalidNumber', { type: 'error' });
      return { number: translate('contacts.errors.invalidNumber') };
    }
    return body.fields?.length ? fieldErrors(body.fields) : undefined;
  };

  const submit = async (form: Record<string, unknown>) => {
    const payload = toPayload(form as unknown as ContactFormValues);
    await pause(SUBMIT_DELAY_MS);
    try {
      const contact = isNew ? await api.post<Contact>('/contacts', payload) : await api.put<Contact>(`/contacts/${contactId}`, payload);
      notify('contacts.saved', { type: 'success' });
      onSaved?.(contact);
      onClose();
    } catch (error) {
      const errors = refused(error);
      if (errors) return errors;
      notifyError(error);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" sx={SCROLLING_FORM} aria-labelledby="contact-dialog-title">
      <DialogTitle id="contact-dialog-title">{translate(isNew ? 'contacts.form.addTitle' : 'contacts.form.editTitle')}</DialogTitle>
      {values ? (
        <Form record={values} onSubmit={submit} noValidate>
          <DialogContent dividers>
            <ContactInputs origin={isNew ? undefined : (loaded?.whatsapp?.name ?? null)} />
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 2 }}>
            <Button onClick={onClose}>{translate('common.cancel')}</Button>
            <SubmitButton label={isNew ? 'contacts.form.add' : 'contacts.form.save'} fullWidth={false} />
          </DialogActions>
        </Form>
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress />
        </Box>
      )}
    </Dialog>
  );
}
