import { Box, Button, CircularProgress } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useNotifyError } from '../../hooks/useNotifyError';
import { useAppDataProvider } from '../../providers/dataProvider';
import type { Connection } from './types';

interface SessionButtonsProps {
  connection: Pick<Connection, 'id' | 'name' | 'status'>;
  onShowQr(): void;
  onDisconnect(): void;
}

type SessionCall = 'startConnectionSession' | 'newConnectionQrCode';

/** The session column: what can be done with the session in its current status (administration §4). */
export function SessionButtons({ connection, onShowQr, onDisconnect }: SessionButtonsProps) {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const dataProvider = useAppDataProvider();
  // The new status arrives on the session channel; the call only starts the change.
  const { mutate, isPending, variables } = useMutation({
    mutationFn: (call: SessionCall) => dataProvider[call](connection.id),
    onError: notifyError,
  });
  const spinner = (call: SessionCall) => (isPending && variables === call ? <CircularProgress size={14} color="inherit" /> : undefined);

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
          <Button
            size="small"
            variant="outlined"
            disabled={isPending}
            startIcon={spinner('startConnectionSession')}
            onClick={() => mutate('startConnectionSession')}
          >
            {translate('connections.buttons.tryAgain')}
          </Button>
          <Button
            size="small"
            variant="outlined"
            color="secondary"
            disabled={isPending}
            startIcon={spinner('newConnectionQrCode')}
            onClick={() => mutate('newConnectionQrCode')}
          >
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
