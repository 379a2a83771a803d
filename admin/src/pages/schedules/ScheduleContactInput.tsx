import { Typography } from '@mui/material';
import { AutocompleteInput, ReferenceInput, required, useTranslate } from 'react-admin';
import type { ScheduleContact } from './types';
import { useAutocompleteTexts } from '../../components/useAutocompleteTexts';

/** Campaigns §9: a search waits 500 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 500;
const contactRules = [required('validation.required')];

const ContactOption = ({ contact }: { contact: ScheduleContact }) => (
  <span>
    {contact.name}{' '}
    <Typography component="span" variant="caption" color="text.secondary">
      {contact.number}
    </Typography>
  </span>
);

/** The form's `contactId`, chosen by name or number among the `contacts` resource (its `q` search). */
export function ScheduleContactInput({ disabled }: { disabled?: boolean }) {
  const autocompleteTexts = useAutocompleteTexts();
  const translate = useTranslate();
  return (
    <ReferenceInput source="contactId" reference="contacts" sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput
        {...autocompleteTexts}
        label="scheduledMessages.form.contact"
        TextFieldProps={{ placeholder: translate('scheduledMessages.form.contactPlaceholder') }}
        validate={contactRules}
        disabled={disabled}
        debounce={SEARCH_DEBOUNCE_MS}
        filterToQuery={(search) => ({ q: search })}
        optionText={(contact: ScheduleContact) => <ContactOption contact={contact} />}
        inputText={(contact: ScheduleContact) => contact.name}
        noOptionsText={translate('scheduledMessages.form.noContacts')}
        loadingText={translate('scheduledMessages.form.searching')}
      />
    </ReferenceInput>
  );
}
