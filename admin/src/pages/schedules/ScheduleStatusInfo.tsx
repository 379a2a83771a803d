import { Alert, Box, Chip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatInstant } from './dateTimeText';
import { STATUS_PALETTE } from './scheduleRules';
import type { Schedule } from './types';

/** An existing schedule's state: status, when it went out or why it failed, and who scheduled it. */
export function ScheduleStatusInfo({ schedule }: { schedule: Schedule }) {
  const translate = useTranslate();
  return (
    <Box sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
        <Chip
          size="small"
          color={STATUS_PALETTE[schedule.status]}
          label={translate(`scheduledMessages.statuses.${schedule.status}`)}
          data-status={schedule.status}
        />
        {schedule.sentAt && <Typography variant="body2">{translate('scheduledMessages.form.sentAt', { date: formatInstant(schedule.sentAt) })}</Typography>}
        {schedule.user && (
          <Typography variant="body2" color="text.secondary">
            {translate('scheduledMessages.form.createdBy', { name: schedule.user.name })}
          </Typography>
        )}
      </Box>
      {schedule.status === 'ERRO' && (
        <Alert severity="error" variant="outlined" sx={{ mt: 1.5 }}>
          {translate('scheduledMessages.form.failed', { error: schedule.error || translate('errors.generic') })}
        </Alert>
      )}
    </Box>
  );
}
