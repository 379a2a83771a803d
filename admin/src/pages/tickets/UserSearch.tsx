import { useAppDataProvider } from '../../providers/dataProvider';
import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { CONTACT_SEARCH_DEBOUNCE_MS, USER_SEARCH_MIN } from './constants';
import type { UserOption } from './types';
import { useAutocompleteTexts } from '../../components/useAutocompleteTexts';

/** Optional user of a transfer: searched from 3 characters (GET /users/list?searchParam=). */
export function UserSearch({ value, onChange }: { value: UserOption | null; onChange(user: UserOption | null): void }) {
  const autocompleteTexts = useAutocompleteTexts();
  const dataProvider = useAppDataProvider();
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), CONTACT_SEARCH_DEBOUNCE_MS);
  const [options, setOptions] = useState<UserOption[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (search.length < USER_SEARCH_MIN || (value && value.name === search)) {
      setOptions([]);
      return;
    }
    let current = true;
    setLoading(true);
    dataProvider
      .getUserOptions(search)
      .then((users) => {
        const needle = search.toLowerCase();
        // The list endpoint may ignore the search: filter here too.
        if (current) setOptions(users.filter((user) => user.name.toLowerCase().includes(needle)));
      })
      .catch(() => current && setOptions([]))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [search, value, dataProvider.getUserOptions]);

  return (
    <Autocomplete<UserOption>
      {...autocompleteTexts}
      options={options}
      value={value}
      loading={loading}
      filterOptions={(items) => items}
      inputValue={input}
      onInputChange={(_, text) => setInput(text)}
      onChange={(_, next) => onChange(next)}
      getOptionLabel={(user) => user.name}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      noOptionsText={translate(input.trim().length < USER_SEARCH_MIN ? 'tickets.transfer.typeToSearch' : 'tickets.transfer.noUsers')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate('tickets.transfer.user')}
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
