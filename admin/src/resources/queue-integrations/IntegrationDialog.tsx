import { SelectInput, TextInput } from 'react-admin';
import { ResourceFormDialog } from '../../components/ResourceFormDialog';
import { integrationNameRules, newIntegration, requiredField, toFormValues, toPayload } from './integrationForm';
import { IntegrationTypeInputs } from './IntegrationTypeInputs';
import { IntegrationTypeLabel } from './integrationTypes';
import { INTEGRATION_TYPES, type IntegrationFormValues, type QueueIntegration } from './types';

const NEW_INTEGRATION = newIntegration();
const TYPE_CHOICES = INTEGRATION_TYPES.map((type) => ({ id: type, name: type }));

/**
 * Add (`/queue-integration/create`) or edit (`/queue-integration/{id}`) a queue integration: the type, the name,
 * the type's fields and the test of the configuration. The edit loads the record whole (GET /queueIntegration/{id}).
 */
export function IntegrationDialog({ id }: { id?: number }) {
  return (
    <ResourceFormDialog<QueueIntegration, IntegrationFormValues>
      resource="queue-integration"
      catalog="queueIntegrations"
      listPath="/queue-integration"
      id={id}
      empty={NEW_INTEGRATION}
      toFormValues={toFormValues}
      transform={(values) => toPayload(values)}
      delaySubmit
      maxWidth="md"
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
    </ResourceFormDialog>
  );
}
