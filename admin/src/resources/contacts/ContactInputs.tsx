import { Box, TextField, Typography } from '@mui/material';
import { email, TextInput, useTranslate } from 'react-admin';
import { nameRules } from '../../validation';
import { numberRules } from './contactForm';
import { ExtraInfoInputs } from './ExtraInfoInputs';

const emailRules = [email('validation.invalidEmail')];
const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 };

/** The contact's fields; the connection it came from is shown read-only when known. */
export function ContactInputs({ origin }: { origin?: string | null }) {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="subtitle1" sx={{ mb: 1, fontWeight: 500 }}>
        {translate('contacts.form.mainInfo')}
      </Typography>
      <Box sx={grid}>
        <TextInput source="name" label="contacts.form.name" validate={nameRules} autoFocus />
        <TextInput
          source="number"
          label="contacts.form.number"
          validate={numberRules}
          placeholder="5511999999999"
          helperText="contacts.form.numberHelp"
          slotProps={{ htmlInput: { inputMode: 'tel' } }}
        />
      </Box>
      <TextInput source="email" type="email" label="contacts.form.email" validate={emailRules} autoComplete="off" />
      {origin !== undefined && (
        <TextField
          label={translate('contacts.form.whatsapp')}
          value={origin ?? translate('contacts.form.noWhatsapp')}
          size="small"
          fullWidth
          sx={{ mb: 2 }}
          slotProps={{ htmlInput: { readOnly: true } }}
        />
      )}
      <ExtraInfoInputs />
    </>
  );
}
