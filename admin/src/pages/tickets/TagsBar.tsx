import { useAppDataProvider } from '../../providers/dataProvider';
import { Autocomplete, Box, Chip, TextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNotifyError } from '../../hooks/useNotifyError';
import type { Tag, TagRef, Ticket } from './types';
import { useTagOptions } from './useLookups';
import { useAutocompleteTexts } from '../../components/useAutocompleteTexts';

/** The ticket's tags; every change is synced (POST /tags/sync) with 'added' / 'removed' toasts. */
export function TagsBar({ ticket, onChange }: { ticket: Ticket; onChange(tags: TagRef[]): void }) {
  const autocompleteTexts = useAutocompleteTexts();
  const dataProvider = useAppDataProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const options = useTagOptions();
  const [busy, setBusy] = useState(false);
  const value = ticket.tags ?? [];

  const save = async (next: TagRef[]) => {
    const previous = value;
    onChange(next);
    setBusy(true);
    try {
      await dataProvider.syncTicketTags(ticket.id, next);
      notify(next.length >= previous.length ? 'tickets.tags.added' : 'tickets.tags.removed', { type: 'success' });
    } catch (error) {
      onChange(previous);
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ px: 1.5, py: 0.5, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }} data-tags-bar>
      <Autocomplete<TagRef, true>
        {...autocompleteTexts}
        multiple
        size="small"
        options={options as Tag[]}
        value={value}
        disabled={busy}
        onChange={(_, next) => void save(next)}
        getOptionLabel={(tag) => tag.name}
        isOptionEqualToValue={(option, current) => option.id === current.id}
        renderOption={(props, tag) => {
          const { key, ...itemProps } = props as typeof props & { key: string };
          return (
            <li key={key} {...itemProps}>
              <Box component="span" sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: tag.color, mr: 1 }} />
              {tag.name}
            </li>
          );
        }}
        renderValue={(items, getItemProps) =>
          items.map((tag, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            return (
              <Chip
                key={key}
                {...itemProps}
                size="small"
                label={tag.name}
                sx={{ bgcolor: tag.color, color: '#fff', '& .MuiChip-deleteIcon': { color: 'rgba(255,255,255,0.8)' } }}
              />
            );
          })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            margin="none"
            variant="standard"
            placeholder={value.length ? undefined : translate('tickets.tags.placeholder')}
            slotProps={{ ...params.slotProps, input: { ...params.slotProps.input, disableUnderline: true } as typeof params.slotProps.input }}
          />
        )}
        noOptionsText={translate('tickets.filters.noTags')}
      />
    </Box>
  );
}
