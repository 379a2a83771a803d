import CheckCircle from '@mui/icons-material/CheckCircle';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import { Box, Chip, IconButton, Tooltip, Typography } from '@mui/material';
import { format, isValid, parseISO } from 'date-fns';
import { DeleteWithConfirmButton, EditButton, useNotify, useTranslate } from 'react-admin';
import { ConnectionStatusIcon } from './ConnectionStatusIcon';
import type { Connection } from './types';

/** The name, a chip for simulated phones, and the linked number; on a phone also the status and the default tick. */
export function ConnectionName({ connection, compact = false }: { connection: Connection; compact?: boolean }) {
  const translate = useTranslate();
  return (
    <Box data-connection-id={connection.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      {compact && <ConnectionStatusIcon connection={connection} />}
      <Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {connection.name}
          </Typography>
          {compact && <DefaultTick connection={connection} />}
          {connection.provider === 'simulator' && (
            <Chip size="small" variant="outlined" color="info" label={translate('connections.providers.simulatorShort')} />
          )}
        </Box>
        {connection.phoneNumber && (
          <Typography variant="caption" color="text.secondary">
            +{connection.phoneNumber}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/** Last update as dd/MM/yy HH:mm (administration §2). */
export function LastUpdate({ iso }: { iso: string }) {
  const date = iso ? parseISO(iso) : undefined;
  return <Box sx={{ whiteSpace: 'nowrap' }}>{date && isValid(date) ? format(date, 'dd/MM/yy HH:mm') : ''}</Box>;
}

/** A tick marks the default connection. */
export function DefaultTick({ connection }: { connection: Connection }) {
  const translate = useTranslate();
  return connection.isDefault ? <CheckCircle color="success" fontSize="small" titleAccess={translate('connections.columns.default')} /> : null;
}

/** Edit opens the dialog route; the token asks before replacing; delete asks first, with the name, and says when it is done. */
export function ConnectionActions({ connection, onToken }: { connection: Connection; onToken(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const tokenLabel = translate('connections.token.action', { name: connection.name });
  return (
    // react-admin's label-less buttons keep a text button's 64 px (and wide icon buttons on phones): icon-sized here, so
    // the row fits a 390 px phone.
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'center',
        alignItems: 'center',
        whiteSpace: 'nowrap',
        '& .MuiButton-root': { minWidth: 0, px: 0.75 },
        '& .MuiButton-startIcon': { mx: 0 },
        // On phones react-admin draws them as icon buttons.
        '& .MuiIconButton-root': { p: 0.75 },
      }}
    >
      <EditButton label="" aria-label={translate('connections.edit', { name: connection.name })} />
      <Tooltip title={tokenLabel}>
        <IconButton size="small" color="primary" aria-label={tokenLabel} onClick={onToken}>
          <VpnKeyOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <DeleteWithConfirmButton
        label=""
        aria-label={translate('connections.delete', { name: connection.name })}
        confirmTitle="connections.confirm.deleteTitle"
        titleTranslateOptions={{ name: connection.name }}
        confirmContent="connections.confirm.deleteMessage"
        mutationMode="pessimistic"
        redirect={false}
        mutationOptions={{ onSuccess: () => notify('connections.deleted', { type: 'success' }) }}
      />
    </Box>
  );
}
