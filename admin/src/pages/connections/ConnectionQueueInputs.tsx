import { Box, Typography } from '@mui/material';
import { SelectArrayInput, SelectInput, useTranslate } from 'react-admin';
import { WholeNumberInput } from '../../components/WholeNumberInput';
import { useAccess } from '../../hooks/useAccess';
import type { ConnectionOptions } from './useConnectionOptions';

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 };

/** Queues, the redirection to a queue after some minutes, the prompt and the chatbot/closing timers. */
export function ConnectionQueueInputs({ queues, prompts }: Pick<ConnectionOptions, 'queues' | 'prompts'>) {
  const translate = useTranslate();
  // Offered with the plan's AI module; without it GET /prompt answers 403 and the list stays empty.
  const showPrompts = (useAccess()?.plan('useOpenAi') ?? false) || prompts.length > 0;
  return (
    <>
      <SelectArrayInput source="queueIds" label="connections.form.queues" choices={queues} translateChoice={false} />
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
          choices={queues}
          translateChoice={false}
          emptyText="connections.form.none"
        />
        <WholeNumberInput source="timeToTransfer" label="connections.form.timeToTransfer" />
      </Box>
      {showPrompts && (
        <SelectInput source="promptId" label="connections.form.prompt" choices={prompts} translateChoice={false} emptyText="connections.form.none" />
      )}
      <Box sx={grid}>
        <WholeNumberInput source="maxUseBotQueues" label="connections.form.maxUseBotQueues" />
        <WholeNumberInput source="timeUseBotQueues" label="connections.form.timeUseBotQueues" />
        <WholeNumberInput source="expiresTicket" label="connections.form.expiresTicket" helperText="connections.form.expiresTicketHelp" />
      </Box>
    </>
  );
}
