import CheckCircleOutlineOutlined from '@mui/icons-material/CheckCircleOutlineOutlined';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { SubscriptionResponse } from '../../../../src/shared/billing-api-types';
import { formatDueDate } from '../../dueDate';
import { formatMoney } from '../financeiro/invoiceStatus';
import { usePaymentEvent, useBilling } from './BillingContext';
import { copyText } from './copyText';

/** Copy feedback and the redirect after the renewal (administration §9). */
const COPIED_MS = 1000;
const REDIRECT_MS = 4000;

/**
 * The Pix screen: total, QR image, the "copia e cola" code with its copy button, the instruction; it waits for
 * `company-{id}-payment` and, on 'CONCLUIDA', shows the renewal and leaves after 4 s.
 */
export function PixPayment({ charge }: { charge: SubscriptionResponse }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const billing = useBilling();
  const [copied, setCopied] = useState(false);
  const [renewedUntil, setRenewedUntil] = useState<string>();
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  usePaymentEvent((payload) => {
    if (payload.action !== 'CONCLUIDA' || renewedUntil) return;
    const date = formatDueDate(payload.company.dueDate);
    setRenewedUntil(date);
    notify('checkout.renewed', { type: 'success', messageArgs: { date } });
    billing.onRenewed(payload.company.dueDate);
    timers.current.push(setTimeout(() => navigate(billing.homeAfterRenewal, { replace: true, state: { renewedUntil: date } }), REDIRECT_MS));
  });

  const copy = async () => {
    if (!(await copyText(charge.qrcode.qrcode))) return;
    setCopied(true);
    timers.current.push(setTimeout(() => setCopied(false), COPIED_MS));
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5, textAlign: 'center' }}>
      <Typography variant="subtitle1">
        {translate('checkout.pix.total')} <b data-testid="pix-total">{formatMoney(charge.valor.original)}</b>
      </Typography>
      <Box
        component="img"
        src={charge.qrcode.imagemQrcode}
        alt={translate('checkout.pix.qrAlt')}
        sx={{ width: { xs: 220, sm: 240 }, height: { xs: 220, sm: 240 }, imageRendering: 'pixelated', border: 1, borderColor: 'divider', borderRadius: 1 }}
      />
      <TextField
        value={charge.qrcode.qrcode}
        label={translate('checkout.pix.code')}
        size="small"
        fullWidth
        multiline
        maxRows={3}
        slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace', fontSize: 12 } } }}
      />
      <Button variant="contained" onClick={copy} startIcon={copied ? <CheckCircleOutlineOutlined /> : <ContentCopy />} color={copied ? 'success' : 'primary'}>
        {translate(copied ? 'checkout.pix.copied' : 'checkout.pix.copy')}
      </Button>
      <Typography variant="body2" color="text.secondary">
        {translate('checkout.pix.instruction')}
      </Typography>
      {renewedUntil ? (
        <Alert severity="success" sx={{ width: '100%', textAlign: 'left' }}>
          {translate(billing.renewedNotice, { date: renewedUntil })}
        </Alert>
      ) : (
        <Typography variant="caption" color="text.secondary" role="status">
          {translate('checkout.pix.waiting')}
        </Typography>
      )}
    </Box>
  );
}
