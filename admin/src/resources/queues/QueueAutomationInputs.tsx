import { Box } from '@mui/material';
import { SelectInput } from 'react-admin';
import { useOptions } from '../../hooks/useOptions';

interface Named {
  id: number;
  name: string;
}

const row = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 };

/**
 * Who answers in the queue besides its options tree: an integration ('Nenhum' first) and an AI prompt. Either list
 * is empty when the plan lacks its module (the API answers 403).
 */
export function QueueAutomationInputs() {
  const integrations = useOptions<Named>('/queueIntegration', true, 'queueIntegrations');
  const prompts = useOptions<Named>('/prompt', true, 'prompts');
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
