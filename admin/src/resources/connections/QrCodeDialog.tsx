import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import QRCode from 'qrcode';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { Connection } from './types';

const QR_SIZE = 264;

interface QrCodeDialogProps {
  /** The live connection; the dialog follows its qrcode and status. */
  connection: Pick<Connection, 'id' | 'name' | 'status' | 'qrcode' | 'pairingCode'>;
  onClose(): void;
}

/** The QR code of a linking session, drawn in the browser; closes itself once the session connects. */
export function QrCodeDialog({ connection, onClose }: QrCodeDialogProps) {
  const translate = useTranslate();
  const { qrcode, status } = connection;
  const [image, setImage] = useState<{ source: string; url: string } | null>(null);
  const connected = useEffectEvent(onClose);

  useEffect(() => {
    if (status === 'CONNECTED') connected();
  }, [status]);

  useEffect(() => {
    if (!qrcode) return;
    let current = true;
    QRCode.toDataURL(qrcode, { width: QR_SIZE, margin: 1, errorCorrectionLevel: 'L' })
      .then((url) => current && setImage({ source: qrcode, url }))
      .catch(() => current && setImage(null));
    return () => {
      current = false;
    };
  }, [qrcode]);

  const url = qrcode && image?.source === qrcode ? image.url : null;

  return (
    <Dialog open onClose={onClose} aria-labelledby="qrcode-dialog-title" maxWidth="xs" fullWidth>
      <DialogTitle id="qrcode-dialog-title">{translate('connections.qrDialog.title', { name: connection.name })}</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
          <Typography variant="body2" color="text.secondary" align="center">
            {translate('connections.qrDialog.message')}
          </Typography>
          <Box
            sx={{
              width: QR_SIZE,
              height: QR_SIZE,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              bgcolor: '#fff',
              borderRadius: 1,
              border: 1,
              borderColor: 'divider',
            }}
          >
            {url ? (
              <img src={url} width={QR_SIZE} height={QR_SIZE} alt={translate('connections.qrDialog.imageAlt')} data-testid="qrcode-image" />
            ) : (
              <CircularProgress />
            )}
          </Box>
          {connection.pairingCode && (
            <Typography variant="h6" sx={{ letterSpacing: 4, fontFamily: 'monospace' }}>
              {connection.pairingCode}
            </Typography>
          )}
          <Typography variant="body2" role="status" aria-live="polite">
            {translate('connections.qrDialog.status', {
              status: translate(`connections.statuses.${status}`, { _: status }),
            })}
            {!qrcode && ` — ${translate('connections.qrDialog.waiting')}`}
          </Typography>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
