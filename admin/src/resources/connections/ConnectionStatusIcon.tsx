import CropFree from '@mui/icons-material/CropFree';
import SignalCellular4Bar from '@mui/icons-material/SignalCellular4Bar';
import SignalCellularConnectedNoInternet0Bar from '@mui/icons-material/SignalCellularConnectedNoInternet0Bar';
import SignalCellularConnectedNoInternet2Bar from '@mui/icons-material/SignalCellularConnectedNoInternet2Bar';
import { Box, CircularProgress, Tooltip, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { useTranslate } from 'react-admin';
import type { Connection } from './types';

/** Tooltip texts per status: connections.tooltips.{key}.title/content. */
const TOOLTIP_KEY: Record<string, string> = {
  DISCONNECTED: 'disconnected',
  qrcode: 'qrcode',
  CONNECTED: 'connected',
  TIMEOUT: 'timeout',
  PAIRING: 'timeout',
  OPENING: 'opening',
};

function statusIcon(status: string): ReactElement {
  switch (status) {
    case 'CONNECTED':
      return <SignalCellular4Bar sx={{ color: 'success.main' }} />;
    case 'qrcode':
      return <CropFree />;
    case 'OPENING':
      return <CircularProgress size={22} />;
    case 'TIMEOUT':
    case 'PAIRING':
      return <SignalCellularConnectedNoInternet2Bar color="error" />;
    default:
      return <SignalCellularConnectedNoInternet0Bar color="error" />;
  }
}

/** The status column: an icon whose tooltip explains the state and what to do. */
export function ConnectionStatusIcon({ connection }: { connection: Pick<Connection, 'status' | 'disconnectReason'> }) {
  const translate = useTranslate();
  const key = TOOLTIP_KEY[connection.status] ?? 'disconnected';
  const title = translate(`connections.tooltips.${key}.title`);
  const content = translate(`connections.tooltips.${key}.content`);
  const reason = connection.status === 'DISCONNECTED' ? connection.disconnectReason : null;
  return (
    <Tooltip
      arrow
      title={
        <Box sx={{ p: 0.5 }}>
          <Typography variant="subtitle2">{title}</Typography>
          <Typography variant="body2">{content}</Typography>
          {reason && (
            <Typography variant="caption" component="p" sx={{ mt: 0.5, opacity: 0.85 }}>
              {translate('connections.tooltips.reason', { reason })}
            </Typography>
          )}
        </Box>
      }
    >
      <Box
        component="span"
        role="img"
        aria-label={title}
        data-status={connection.status}
        sx={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: 28, height: 28 }}
      >
        {statusIcon(connection.status)}
      </Box>
    </Tooltip>
  );
}
