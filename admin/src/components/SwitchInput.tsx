import { FormControlLabel, Switch } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';

/** A boolean form field as a switch (react-admin's BooleanInput passes props MUI 9 no longer accepts). */
export function SwitchInput({ source, label }: { source: string; label: string }) {
  const translate = useTranslate();
  const { field, id } = useInput({ source });
  return (
    <FormControlLabel
      sx={{ my: 1 }}
      control={
        <Switch
          id={id}
          name={field.name}
          checked={Boolean(field.value)}
          onChange={event => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
          slotProps={{ input: { ref: field.ref } }}
        />
      }
      label={translate(label)}
    />
  );
}
