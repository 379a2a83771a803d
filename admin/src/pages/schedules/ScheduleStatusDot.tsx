import { Box } from '@mui/material';
import { STATUS_PALETTE } from './scheduleRules';
import type { ScheduleStatus } from './types';

/** The status colour as a small dot, beside a status name. */
export function ScheduleStatusDot({ status }: { status: ScheduleStatus }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', flexShrink: 0, bgcolor: `${STATUS_PALETTE[status]}.main` }}
    />
  );
}
