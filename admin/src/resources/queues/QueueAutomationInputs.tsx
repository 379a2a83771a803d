import { Box } from '@mui/material';
import { SelectInput, useGetList } from 'react-admin';

interface Named {
  id: number;
  name: string;
}

const row = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 };

/** Every record of a select's resource, by name; none when the API refuses (the plan lacks the module: 403). */
function useChoices(resource: string): Named[] {
  const { data } = useGetList<Named>(resource, { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' } }, { retry: false });
  return data ?? [];
}

/** Who answers in the queue besides its options tree: an integration ('Nenhum' first) and an AI prompt. */
export function QueueAutomationInputs() {
  const integrations = useChoices('queue-integration');
  const prompts = useChoices('prompts');
  return (
    <Box sx={row}>
      <SelectInput
        source="integrationId"
        label="queues.form.integration"
        choices={integrations}
        translateChoice={false}
        emptyText="queues.form.noIntegration"
      />
      <SelectInput source="promptId" label="queues.form.prompt" choices={prompts} translateChoice={false} emptyText="queues.form.noPrompt" />
    </Box>
  );
}
