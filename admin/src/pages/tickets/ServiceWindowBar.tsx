import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import LockClockOutlined from '@mui/icons-material/LockClockOutlined';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ServiceWindow } from '../../../../src/shared/api-types';
import { closingLabel } from './serviceWindow';

/** Above the composer of a WhatsApp Cloud API conversation: when the 24-hour window closes, or that it closed. */
export function ServiceWindowBar({ window, open, now }: { window: ServiceWindow; open: boolean; now: Date }) {
  const translate = useTranslate();
  const label = open && window.closesAt ? closingLabel(window.closesAt, now) : null;
  const text = label
    ? label.date
      ? translate('serviceWindow.closesOn', { date: label.date, time: label.time })
      : translate('serviceWindow.closesAt', { time: label.time })
    : translate('serviceWindow.closed');
  return (
    <Box
      data-testid="service-window"
      data-open={open ? 'true' : 'false'}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 2,
        py: 0.5,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: open ? 'action.hover' : 'warning.light',
        color: open ? 'text.secondary' : 'warning.contrastText',
      }}
    >
      {open ? <ScheduleOutlined fontSize="small" /> : <LockClockOutlined fontSize="small" />}
      <Typography variant="body2" sx={{ fontWeight: open ? 400 : 600 }}>
        {text}
      </Typography>
      {!open && (
        <Typography variant="caption" sx={{ ml: 1, display: { xs: 'none', md: 'block' } }}>
          {translate('serviceWindow.closedHint')}
        </Typography>
      )}
    </Box>
  );
}
