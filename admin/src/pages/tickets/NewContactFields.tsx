import { Box, Button, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNotifyError } from '../../hooks/useNotifyError';
import { useAppDataProvider } from '../../providers/dataProvider';
import { ApiError } from '../../providers/httpClient';
import type { ContactOption } from './types';

const NAME_MIN = 2;
const NAME_MAX = 50;
const NUMBER_MIN = 8;
const NUMBER_MAX = 50;

/** Creates a contact from the typed text (POST /contacts): digits fill the number, anything else the name. */
export function NewContactFields({ text, onCreated, onCancel }: { text: string; onCreated(contact: ContactOption): void; onCancel(): void }) {
  const dataProvider = useAppDataProvider();
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const digits = /^[\d\s()+-]+$/.test(text);
  const [name, setName] = useState(digits ? '' : text);
  const [number, setNumber] = useState(digits ? text.replace(/\D/g, '') : '');
  const [errors, setErrors] = useState<{ name?: string; number?: string }>({});
  const [busy, setBusy] = useState(false);

  const check = () => {
    const next: typeof errors = {};
    const trimmed = name.trim();
    if (!trimmed) next.name = translate('validation.required');
    else if (trimmed.length < NAME_MIN) next.name = translate('validation.tooShort');
    else if (trimmed.length > NAME_MAX) next.name = translate('validation.tooLong');
    if (!number.trim()) next.number = translate('validation.required');
    else if (number.trim().length < NUMBER_MIN) next.number = translate('validation.tooShort');
    else if (number.trim().length > NUMBER_MAX) next.number = translate('validation.tooLong');
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const save = async () => {
    if (!check()) return;
    setBusy(true);
    try {
      const { data: contact } = await dataProvider.create<ContactOption>('contacts', {
        data: { name: name.trim(), number: number.trim(), email: '', extraInfo: [] },
      });
      onCreated(contact);
    } catch (error) {
      const existing = error instanceof ApiError ? (error.body as { existingContact?: ContactOption } | undefined)?.existingContact : undefined;
      if (existing) onCreated(existing);
      else notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, mt: 1 }} data-new-contact>
      <Typography variant="subtitle2">{translate('tickets.newTicket.newContact')}</Typography>
      <TextField
        label={translate('contacts.form.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={Boolean(errors.name)}
        helperText={errors.name}
        required
      />
      <TextField
        label={translate('contacts.form.number')}
        value={number}
        onChange={(event) => setNumber(event.target.value)}
        error={Boolean(errors.number)}
        helperText={errors.number ?? translate('contacts.form.numberHelp')}
        required
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
        <Button size="small" onClick={onCancel}>
          {translate('common.cancel')}
        </Button>
        <Button size="small" variant="outlined" onClick={save} disabled={busy}>
          {translate('contacts.form.add')}
        </Button>
      </Box>
    </Box>
  );
}
