import { Box, Typography } from '@mui/material';
import { SelectArrayInput, SelectInput, useGetList, useTranslate } from 'react-admin';
import { WholeNumberInput } from '../../components/WholeNumberInput';
import { useAccess } from '../../hooks/useAccess';
import type { QueueOption } from './types';

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 };

/** A company has a handful of queues and prompts: one page holds them all. */
const ALL = { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' as const } };

/** Queues, the redirection to a queue after some minutes, the prompt and the chatbot/closing timers. */
export function ConnectionQueueInputs() {
  const translate = useTranslate();
  // Offered with the plan's AI module; without it GET /prompt answers 403, so it is not asked.
  const withPrompts = useAccess()?.plan('useOpenAi') ?? false;
  const queues = useGetList<QueueOption>('queues', ALL);
  const prompts = useGetList<{ id: number; name: string }>('prompts', ALL, { enabled: withPrompts });
  const queueChoices = queues.data ?? [];
  return (
    <>
      <SelectArrayInput source="queueIds" label="connections.form.queues" choices={queueChoices} isPending={queues.isPending} translateChoice={false} />
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {translate('connections.form.queueRedirection')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('connections.form.queueRedirectionDesc')}
      </Typography>
      <Box sx={grid}>
        <SelectInput
          source="transferQueueId"
          label="connections.form.transferQueue"
          choices={queueChoices}
          isPending={queues.isPending}
          translateChoice={false}
          emptyText="connections.form.none"
        />
        <WholeNumberInput source="timeToTransfer" label="connections.form.timeToTransfer" />
      </Box>
      {withPrompts && (
        <SelectInput
          source="promptId"
          label="connections.form.prompt"
          choices={prompts.data ?? []}
          isPending={prompts.isPending}
          translateChoice={false}
          emptyText="connections.form.none"
        />
      )}
      <Box sx={grid}>
        <WholeNumberInput source="maxUseBotQueues" label="connections.form.maxUseBotQueues" />
        <WholeNumberInput source="timeUseBotQueues" label="connections.form.timeUseBotQueues" />
        <WholeNumberInput source="expiresTicket" label="connections.form.expiresTicket" helperText="connections.form.expiresTicketHelp" />
      </Box>
    </>
  );
}
