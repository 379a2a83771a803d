import { Box, FormControlLabel, Switch, Typography } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';

interface SwitchInputProps {
  source: string;
  /** Catalog key of the label. */
  label: string;
  /** Catalog key of a line under the label. */
  helperText?: string;
  disabled?: boolean;
}

/** A boolean form field as a switch (react-admin's BooleanInput passes props MUI 9 no longer accepts). */
export function SwitchInput({ source, label, helperText, disabled }: SwitchInputProps) {
  const translate = useTranslate();
  const { field, id } = useInput({ source });
  return (
    <FormControlLabel
      sx={{ my: 1, alignItems: helperText ? 'flex-start' : undefined }}
      control={
        <Switch
          id={id}
          name={field.name}
          checked={Boolean(field.value)}
          disabled={disabled}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
          slotProps={{ input: { ref: field.ref } }}
        />
      }
      label={
        helperText ? (
          <Box sx={{ pt: 0.75 }}>
            <Typography variant="body1">{translate(label)}</Typography>
            <Typography variant="caption" color="text.secondary">
              {translate(helperText)}
            </Typography>
          </Box>
        ) : (
          translate(label)
        )
      }
    />
  );
}
