import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ScheduleStatusDot } from './ScheduleStatusDot';
import { SCHEDULE_STATUSES } from './types';

/** What the event colours mean. */
export function ScheduleLegend() {
  const translate = useTranslate();
  return (
    <Box component="ul" aria-label={translate('scheduledMessages.legend')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', m: 0, p: 0 }}>
      {SCHEDULE_STATUSES.map((status) => (
        <Box component="li" key={status} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <ScheduleStatusDot status={status} />
          <Typography variant="body2" color="text.secondary">
            {translate(`scheduledMessages.statuses.${status}`)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
