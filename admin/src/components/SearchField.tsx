import Search from '@mui/icons-material/Search';
import { InputAdornment, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

interface SearchFieldProps {
  value: string;
  onChange(value: string): void;
  /** Catalog key of the placeholder, also the field's accessible name. */
  placeholder: string;
}

/** The search box of a list screen's header (`searchParam`). */
export function SearchField({ value, onChange, placeholder }: SearchFieldProps) {
  const translate = useTranslate();
  return (
    <TextField
      type="search"
      name="searchParam"
      placeholder={translate(placeholder)}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      variant="outlined"
      margin="none"
      fullWidth={false}
      sx={{ flex: { xs: '1 1 100%', sm: '0 1 260px' } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search color="action" />
            </InputAdornment>
          ),
        },
        htmlInput: { 'aria-label': translate(placeholder) },
      }}
    />
  );
}
