import { MenuItem, TextField } from '@mui/material';
import { useController } from 'react-hook-form';

interface FilterSelectProps {
  source: string;
  /** Translated label. */
  label: string;
  options: { value: string | number; label: string }[];
}

/** A select of the filter form with no empty entry and no required mark: every option, 'none' too, is a choice. */
export function FilterSelect({ source, label, options }: FilterSelectProps) {
  const { field } = useController({ name: source });
  return (
    <TextField select label={label} {...field} value={field.value ?? ''}>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
