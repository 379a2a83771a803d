import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import { Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { errorKey } from '../../i18n';

/** A send the provider reported failed after accepting it: a red icon whose tooltip says why (and Meta's words). */
export function SendErrorIcon({ error }: { error: { code: string; detail: string } }) {
  const translate = useTranslate();
  const reason = translate(errorKey(error.code) ?? 'errors.generic');
  const label = translate('tickets.messages.sendFailed', { reason });
  return (
    <Tooltip title={error.detail ? `${label} (${error.detail})` : label}>
      <ErrorOutlineOutlined sx={{ fontSize: 16, verticalAlign: 'middle', color: 'error.main' }} aria-label={label} data-testid="send-error" />
    </Tooltip>
  );
}
