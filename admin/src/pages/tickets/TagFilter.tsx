import { Autocomplete, Chip, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Tag } from './types';
import { useTagOptions } from './useLookups';
import { useAutocompleteTexts } from '../../components/useAutocompleteTexts';

/** Tag filter of the search tab. */
export function TagFilter({ value, onChange }: { value: number[]; onChange(ids: number[]): void }) {
  const autocompleteTexts = useAutocompleteTexts();
  const translate = useTranslate();
  const tags = useTagOptions();
  const selected = tags.filter((tag) => value.includes(tag.id));
  return (
    <Autocomplete<Tag, true>
      {...autocompleteTexts}
      multiple
      size="small"
      options={tags}
      value={selected}
      onChange={(_, next) => onChange(next.map((tag) => tag.id))}
      getOptionLabel={(tag) => tag.name}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      renderValue={(items, getItemProps) =>
        items.map((tag, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} {...itemProps} size="small" label={tag.name} sx={{ bgcolor: tag.color, color: '#fff' }} />;
        })
      }
      renderInput={(params) => <TextField {...params} margin="none" placeholder={selected.length ? undefined : translate('tickets.filters.tags')} />}
      noOptionsText={translate('tickets.filters.noTags')}
      sx={{ flex: 1, minWidth: 140 }}
    />
  );
}
