import { Box, Tooltip, Typography } from '@mui/material';
import type { Column } from '../../components/ResourceTable';
import type { Queue } from './types';

/** The queues table: id, name, colour swatch, order, greeting. */
export const QUEUE_COLUMNS: Column<Queue>[] = [
  { source: 'id', cellProps: { align: 'center', sx: { width: 72 } } },
  { source: 'name' },
  {
    source: 'color',
    cellProps: { align: 'center', sx: { width: 100 } },
    render: (queue) => (
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
    ),
  },
  { source: 'orderQueue', cellProps: { align: 'center', sx: { width: 100 } }, render: (queue) => queue.orderQueue ?? '' },
  {
    source: 'greetingMessage',
    render: (queue) => (
      <Typography variant="body2" noWrap sx={{ maxWidth: 360 }} title={queue.greetingMessage ?? ''}>
        {queue.greetingMessage ?? ''}
      </Typography>
    ),
  },
];
