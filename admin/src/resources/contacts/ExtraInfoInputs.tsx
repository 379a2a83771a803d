import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import { required, TextInput, useTranslate } from 'react-admin';
import { useFieldArray } from 'react-hook-form';

const isRequired = [required('validation.required')];

/** Repeatable name/value pairs of additional information about the contact. */
export function ExtraInfoInputs() {
  const translate = useTranslate();
  const { fields, append, remove } = useFieldArray({ name: 'extraInfo' });
  return (
    <Box component="section" aria-labelledby="contact-extra-info">
      <Typography id="contact-extra-info" variant="subtitle1" sx={{ mt: 1, mb: 1, fontWeight: 500 }}>
        {translate('contacts.form.extraInfo')}
      </Typography>
      {fields.map((field, index) => (
        <Box key={field.id} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }} data-extra-info-row={index}>
          <TextInput source={`extraInfo.${index}.name`} label="contacts.form.extraName" validate={isRequired} sx={{ flex: 1 }} />
          <TextInput source={`extraInfo.${index}.value`} label="contacts.form.extraValue" validate={isRequired} sx={{ flex: 1 }} />
          <Tooltip title={translate('contacts.form.removeExtraInfo')}>
            <IconButton aria-label={translate('contacts.form.removeExtraInfo')} onClick={() => remove(index)} sx={{ mt: 1 }}>
              <DeleteOutlined />
            </IconButton>
          </Tooltip>
        </Box>
      ))}
      <Button variant="outlined" size="small" startIcon={<Add />} onClick={() => append({ name: '', value: '' })}>
        {translate('contacts.form.addExtraInfo')}
      </Button>
    </Box>
  );
}
