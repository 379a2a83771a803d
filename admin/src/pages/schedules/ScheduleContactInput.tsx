import { Autocomplete, CircularProgress, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { InputHelperText, required, useInput, useTranslate } from 'react-admin';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { listOf } from '../../hooks/useOptions';
import { api } from '../../providers/httpClient';
import type { ScheduleContact } from './types';

/** Campaigns §9: a search waits 500 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 500;
const contactRules = [required('validation.required')];

interface ScheduleContactInputProps {
  /** The contact the form starts with (the edited schedule's, or the one a ticket offers). */
  initial: ScheduleContact | null;
  disabled?: boolean;
}

/** The form's `contactId`, chosen by name or number from GET /contacts?searchParam=. */
export function ScheduleContactInput({ initial, disabled }: ScheduleContactInputProps) {
  const translate = useTranslate();
  const { field, fieldState, formState, isRequired } = useInput({ source: 'contactId', validate: contactRules });
  const [selected, setSelected] = useState<ScheduleContact | null>(initial);
  const [input, setInput] = useState(initial?.name ?? '');
  const [open, setOpen] = useState(false);
  const typed = input.trim();
  // Typing the chosen contact's label is not a search; an empty box lists the first contacts.
  const search = useDebouncedValue(selected && typed === selected.name ? '' : typed, SEARCH_DEBOUNCE_MS);
  const [options, setOptions] = useState<ScheduleContact[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!open) return;
    let current = true;
    setLoading(true);
    api
      .get<unknown>('/contacts', { searchParam: search || undefined, pageNumber: 1 })
      .then((answer) => current && setOptions(listOf<ScheduleContact>(answer, 'contacts')))
      .catch(() => current && setOptions([]))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [open, search]);

  const showError = fieldState.invalid && (fieldState.isTouched || formState.isSubmitted);

  return (
    <Autocomplete<ScheduleContact, false, false, false>
      options={options}
      value={selected}
      loading={loading}
      disabled={disabled}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      filterOptions={(items) => items}
      onChange={(_, next) => {
        setSelected(next);
        field.onChange(next?.id ?? null);
      }}
      onBlur={field.onBlur}
      inputValue={input}
      onInputChange={(_, text) => setInput(text)}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      noOptionsText={translate('scheduledMessages.form.noContacts')}
      loadingText={translate('scheduledMessages.form.searching')}
      renderOption={(props, option) => {
        const { key, ...itemProps } = props as typeof props & { key: string };
        return (
          <li key={key} {...itemProps}>
            <span>
              {option.name}{' '}
              <Typography component="span" variant="caption" color="text.secondary">
                {option.number}
              </Typography>
            </span>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          required={isRequired}
          label={translate('scheduledMessages.form.contact')}
          placeholder={translate('scheduledMessages.form.contactPlaceholder')}
          error={showError}
          helperText={showError ? <InputHelperText error={fieldState.error?.message} /> : undefined}
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
