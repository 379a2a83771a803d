import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { OptionLevelList } from './OptionLevelList';

/**
 * The queue's chatbot menu (administration §2): options with a title, a message, a number from 1, an optional file
 * and options below them. Each option is saved on its own, so the tree needs a saved queue.
 */
export function QueueOptionsTree({ queueId }: { queueId: number | undefined }) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby="queue-options-title" sx={{ mt: 2 }}>
      <Typography id="queue-options-title" variant="subtitle1" sx={{ fontWeight: 500 }}>
        {translate('queues.options.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(queueId ? 'queues.options.help' : 'queues.options.saveQueueFirst')}
      </Typography>
      {queueId !== undefined && <OptionLevelList queueId={queueId} parentId={null} path="" />}
    </Box>
  );
}
