import { Autocomplete, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { UserOption } from './types';
import { useUserOptions } from './useLookups';
import { useAutocompleteTexts } from '../../components/useAutocompleteTexts';

/** Admin-only user filter of the search tab. */
export function UserFilter({ value, onChange }: { value: number[]; onChange(ids: number[]): void }) {
  const autocompleteTexts = useAutocompleteTexts();
  const translate = useTranslate();
  const users = useUserOptions(true);
  const selected = users.filter((user) => value.includes(user.id));
  return (
    <Autocomplete<UserOption, true>
      {...autocompleteTexts}
      multiple
      size="small"
      options={users}
      value={selected}
      onChange={(_, next) => onChange(next.map((user) => user.id))}
      getOptionLabel={(user) => user.name}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      renderInput={(params) => <TextField {...params} margin="none" placeholder={selected.length ? undefined : translate('tickets.filters.users')} />}
      noOptionsText={translate('tickets.filters.noUsers')}
      sx={{ flex: 1, minWidth: 140 }}
    />
  );
}
