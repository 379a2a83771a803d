import { Box, Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNotifyError } from '../../hooks/useNotifyError';
import { api } from '../../providers/httpClient';
import type { Connection } from './types';

interface SessionButtonsProps {
  connection: Pick<Connection, 'id' | 'name' | 'status'>;
  onShowQr(): void;
  onDisconnect(): void;
}

/** The session column: what can be done with the session in its current status (administration §4). */
export function SessionButtons({ connection, onShowQr, onDisconnect }: SessionButtonsProps) {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const [busy, setBusy] = useState(false);

  const call = (method: 'post' | 'put') => async () => {
    setBusy(true);
    try {
      await api[method](`/whatsappsession/${connection.id}`);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const spinner = busy ? <CircularProgress size={14} color="inherit" /> : undefined;

  switch (connection.status) {
    case 'qrcode':
      return (
        <Button size="small" variant="contained" onClick={onShowQr}>
          {translate('connections.buttons.qrcode')}
        </Button>
      );
    case 'DISCONNECTED':
      return (
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
          <Button size="small" variant="outlined" disabled={busy} startIcon={spinner} onClick={call('post')}>
            {translate('connections.buttons.tryAgain')}
          </Button>
          <Button size="small" variant="outlined" color="secondary" disabled={busy} onClick={call('put')}>
            {translate('connections.buttons.newQr')}
          </Button>
        </Box>
      );
    case 'CONNECTED':
    case 'PAIRING':
    case 'TIMEOUT':
      return (
        <Button size="small" variant="outlined" color="error" onClick={onDisconnect}>
          {translate('connections.buttons.disconnect')}
        </Button>
      );
    case 'OPENING':
      return (
        <Button size="small" variant="outlined" disabled startIcon={<CircularProgress size={14} color="inherit" />}>
          {translate('connections.buttons.connecting')}
        </Button>
      );
    default:
      return null;
  }
}
