import { Autocomplete, Box, CircularProgress, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { useAppDataProvider } from '../../providers/dataProvider';
import { CONTACT_SEARCH_DEBOUNCE_MS, CONTACT_SEARCH_MIN } from './constants';
import { ContactAvatar } from './ContactAvatar';
import type { ContactOption } from './types';
import { useAutocompleteTexts } from '../../components/useAutocompleteTexts';

/** An option that is not a contact: "add the typed text as a new contact". */
interface AddOption {
  add: string;
}
type Option = ContactOption | AddOption;
const isAdd = (option: Option): option is AddOption => 'add' in option;

/**
 * Contact autocomplete (the `contacts` resource's `q` search) from 3 characters, 500 ms after the last key; the typed text can
 * become a new contact (`onAdd`).
 */
export function ContactSearch({
  value,
  onChange,
  onAdd,
  error,
}: {
  value: ContactOption | null;
  onChange(contact: ContactOption | null): void;
  onAdd(text: string): void;
  error?: string;
}) {
  const autocompleteTexts = useAutocompleteTexts();
  const dataProvider = useAppDataProvider();
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), CONTACT_SEARCH_DEBOUNCE_MS);
  const [options, setOptions] = useState<ContactOption[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (search.length < CONTACT_SEARCH_MIN || (value && search === value.name)) {
      setOptions([]);
      return;
    }
    let current = true;
    setLoading(true);
    dataProvider
      .getList<ContactOption>('contacts', { filter: { q: search }, pagination: { page: 1, perPage: 20 }, sort: { field: 'name', order: 'ASC' } })
      .then(({ data }) => current && setOptions(data))
      .catch(() => current && setOptions([]))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [search, value, dataProvider]);

  const typed = input.trim();
  const all: Option[] = typed.length >= CONTACT_SEARCH_MIN && !loading && !(value && typed === value.name) ? [...options, { add: typed }] : options;

  return (
    <Autocomplete<Option, false, false, false>
      {...autocompleteTexts}
      options={all}
      value={value}
      loading={loading}
      filterOptions={(items) => items}
      onChange={(_, next) => {
        if (next && isAdd(next)) onAdd(next.add);
        else onChange(next);
      }}
      inputValue={input}
      onInputChange={(_, text) => setInput(text)}
      getOptionLabel={(option) => (isAdd(option) ? option.add : option.name)}
      isOptionEqualToValue={(option, current) => !isAdd(option) && !isAdd(current) && option.id === current.id}
      noOptionsText={translate(typed.length < CONTACT_SEARCH_MIN ? 'tickets.newTicket.typeToSearch' : 'tickets.newTicket.noContacts')}
      renderOption={(props, option) => {
        const { key, ...itemProps } = props as typeof props & { key: string };
        return (
          <li key={isAdd(option) ? 'add' : option.id} {...itemProps}>
            {isAdd(option) ? (
              <Typography color="primary">{translate('tickets.newTicket.addContact', { name: option.add })}</Typography>
            ) : (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                <ContactAvatar name={option.name} src={option.profilePicUrl} size={28} />
                <span>
                  {option.name}{' '}
                  <Typography component="span" variant="caption" color="text.secondary">
                    {option.number}
                  </Typography>
                </span>
              </Box>
            )}
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          autoFocus
          required
          label={translate('tickets.fields.contact')}
          placeholder={translate('tickets.newTicket.searchPlaceholder')}
          error={Boolean(error)}
          helperText={error}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {loading && <CircularProgress color="inherit" size={18} />}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
