import { useState } from 'react';
import { SelectInput, TextInput } from 'react-admin';
import { FormDialog } from '../../components/FormDialog';
import { useFieldRefusals } from '../../hooks/useFieldRefusals';
import { useRecordForm } from '../../hooks/useRecordForm';
import { integrationNameRules, newIntegration, requiredField, toFormValues, toPayload } from './integrationForm';
import { IntegrationTypeInputs } from './IntegrationTypeInputs';
import { IntegrationTypeLabel } from './integrationTypes';
import { INTEGRATION_TYPES, type IntegrationFormValues, type QueueIntegration } from './types';

/** Submissions wait 400 ms (campaigns §9). */
const SUBMIT_DELAY_MS = 400;
/** Refusals that belong to a field. */
const FIELD_ERRORS = { ERR_INTEGRATION_NAME_EXISTS: 'name', ERR_INVALID_DIALOGFLOW_JSON: 'jsonContent' };
const TYPE_CHOICES = INTEGRATION_TYPES.map((type) => ({ id: type, name: type }));

interface IntegrationDialogProps {
  /** The row to edit; without it the dialog adds an integration. */
  record?: QueueIntegration;
  onClose(): void;
  onSaved(integration: QueueIntegration): void;
}

/** Add or edit a queue integration (GET/POST/PUT /queueIntegration): the type, the name and the type's fields. */
export function IntegrationDialog({ record, onClose, onSaved }: IntegrationDialogProps) {
  // Read once: a new object on each render would reset the form being filled in.
  const [empty] = useState(newIntegration);
  const refused = useFieldRefusals(FIELD_ERRORS);
  const form = useRecordForm<QueueIntegration, IntegrationFormValues>({
    path: '/queueIntegration',
    // Loaded whole: the list rows may leave out the credentials.
    id: record?.id,
    empty,
    toFormValues,
    toPayload,
    savedMessage: 'queueIntegrations.saved',
    submitDelayMs: SUBMIT_DELAY_MS,
    refused,
    onSaved,
    onClose,
  });
  return (
    <FormDialog
      resource="queueIntegrations"
      isNew={form.isNew}
      values={form.values}
      onSubmit={form.submit}
      onClose={onClose}
      maxWidth="md"
      scrolling
      noValidate
    >
      <SelectInput
        source="type"
        label="queueIntegrations.form.type"
        choices={TYPE_CHOICES}
        optionText={(choice) => <IntegrationTypeLabel type={choice.id} />}
        validate={requiredField}
      />
      <TextInput source="name" label="queueIntegrations.form.name" validate={integrationNameRules} autoFocus autoComplete="off" />
      <IntegrationTypeInputs />
    </FormDialog>
  );
}
