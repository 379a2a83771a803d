import { Box, Tooltip, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { Queue } from './types';

/** The queue's colour as a swatch, its hex in the tooltip. */
export function QueueColorSwatch() {
  const queue = useRecordContext<Queue>();
  if (!queue) return null;
  return (
    <Tooltip title={queue.color}>
      <Box
        data-color={queue.color}
        aria-label={queue.color}
        role="img"
        sx={{
          display: 'inline-block',
          width: 60,
          height: 20,
          borderRadius: 1,
          bgcolor: queue.color,
          border: 1,
          borderColor: 'divider',
          verticalAlign: 'middle',
        }}
      />
    </Tooltip>
  );
}

/** The greeting on one line; the whole text in the title. */
export function QueueGreeting() {
  const queue = useRecordContext<Queue>();
  if (!queue) return null;
  return (
    <Typography variant="body2" noWrap sx={{ maxWidth: 360 }} title={queue.greetingMessage ?? ''}>
      {queue.greetingMessage ?? ''}
    </Typography>
  );
}
