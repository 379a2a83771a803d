import Add from '@mui/icons-material/Add';
import { Box, Button, Typography } from '@mui/material';
import { ArrayInput, RemoveItemButton, SimpleFormIterator, TextInput, useSimpleFormIterator, useTranslate } from 'react-admin';
import { nameRules } from '../../validation';
import { contactEmailRules, extraInfoRules, numberRules } from './contactForm';

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 };

/** The contact's fields; editing shows the connection it came from, read-only. */
export function ContactInputs({ isNew }: { isNew: boolean }) {
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
      <TextInput source="email" type="email" label="contacts.form.email" validate={contactEmailRules} autoComplete="off" />
      {!isNew && (
        <TextInput
          source="origin"
          label="contacts.form.whatsapp"
          readOnly
          helperText={false}
          format={(origin: string | null | undefined) => origin ?? translate('contacts.form.noWhatsapp')}
          sx={{ mb: 2 }}
        />
      )}
      <Typography id="contact-extra-info" variant="subtitle1" sx={{ mt: 1, fontWeight: 500 }}>
        {translate('contacts.form.extraInfo')}
      </Typography>
      <ArrayInput source="extraInfo" label={false} aria-labelledby="contact-extra-info">
        <SimpleFormIterator
          inline
          fullWidth
          // The remove button stays visible (react-admin shows it on hover only, out of the keyboard's reach).
          sx={{ '& .RaSimpleFormIterator-action': { visibility: 'visible' } }}
          disableReordering
          disableClear
          addButton={<AddExtraInfoButton />}
          removeButton={<RemoveItemButton label="contacts.form.removeExtraInfo" />}
        >
          <TextInput source="name" label="contacts.form.extraName" validate={extraInfoRules} sx={{ flex: 1 }} />
          <TextInput source="value" label="contacts.form.extraValue" validate={extraInfoRules} sx={{ flex: 1 }} />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}

/** The iterator's add button, spelled out: a pair of empty name and value. */
function AddExtraInfoButton() {
  const translate = useTranslate();
  const { add } = useSimpleFormIterator();
  return (
    <Button variant="outlined" size="small" startIcon={<Add />} onClick={() => add({ name: '', value: '' })}>
      {translate('contacts.form.addExtraInfo')}
    </Button>
  );
}
