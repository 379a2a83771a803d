import CheckCircle from '@mui/icons-material/CheckCircle';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import { Box, Chip, IconButton, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { format, isValid, parseISO } from 'date-fns';
import { useTranslate } from 'react-admin';
import { ConnectionStatusIcon } from './ConnectionStatusIcon';
import { SessionButtons } from './SessionButtons';
import type { Connection } from './types';

interface ConnectionTableProps {
  connections: Connection[];
  loading: boolean;
  /** 'connections-page:actionButtons' */
  showSession: boolean;
  /** 'connections-page:editOrDeleteConnection' */
  showActions: boolean;
  onShowQr(connection: Connection): void;
  onDisconnect(connection: Connection): void;
  onEdit(connection: Connection): void;
  onToken(connection: Connection): void;
  onDelete(connection: Connection): void;
}

const lastUpdate = (iso: string) => {
  const date = iso ? parseISO(iso) : undefined;
  return date && isValid(date) ? format(date, 'dd/MM/yy HH:mm') : '';
};

export function ConnectionTable(props: ConnectionTableProps) {
  const { connections, loading, showSession, showActions } = props;
  const translate = useTranslate();
  const columns = ['name', 'status', ...(showSession ? ['session'] : []), 'lastUpdate', 'default', ...(showActions ? ['actions'] : [])];

  return (
    <Table size="small" aria-label={translate('connections.title')}>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column} align={column === 'name' ? 'left' : 'center'}>
              {translate(`connections.columns.${column}`)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {connections.map((connection) => (
          <TableRow key={connection.id} hover data-connection-id={connection.id}>
            <TableCell>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {connection.name}
                </Typography>
                {connection.provider === 'simulator' && (
                  <Chip size="small" variant="outlined" color="info" label={translate('connections.providers.simulatorShort')} />
                )}
              </Box>
              {connection.phoneNumber && (
                <Typography variant="caption" color="text.secondary">
                  +{connection.phoneNumber}
                </Typography>
              )}
            </TableCell>
            <TableCell align="center">
              <ConnectionStatusIcon connection={connection} />
            </TableCell>
            {showSession && (
              <TableCell align="center">
                <SessionButtons connection={connection} onShowQr={() => props.onShowQr(connection)} onDisconnect={() => props.onDisconnect(connection)} />
              </TableCell>
            )}
            <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
              {lastUpdate(connection.updatedAt)}
            </TableCell>
            <TableCell align="center">
              {connection.isDefault && <CheckCircle color="success" fontSize="small" titleAccess={translate('connections.columns.default')} />}
            </TableCell>
            {showActions && (
              <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
                <Tooltip title={translate('connections.edit', { name: connection.name })}>
                  <IconButton size="small" aria-label={translate('connections.edit', { name: connection.name })} onClick={() => props.onEdit(connection)}>
                    <EditOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={translate('connections.token.action', { name: connection.name })}>
                  <IconButton
                    size="small"
                    aria-label={translate('connections.token.action', { name: connection.name })}
                    onClick={() => props.onToken(connection)}
                  >
                    <VpnKeyOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={translate('connections.delete', { name: connection.name })}>
                  <IconButton
                    size="small"
                    color="error"
                    aria-label={translate('connections.delete', { name: connection.name })}
                    onClick={() => props.onDelete(connection)}
                  >
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            )}
          </TableRow>
        ))}
        {loading &&
          [0, 1].map((row) => (
            <TableRow key={`loading-${row}`}>
              {columns.map((column) => (
                <TableCell key={column}>
                  <Skeleton />
                </TableCell>
              ))}
            </TableRow>
          ))}
        {!loading && connections.length === 0 && (
          <TableRow>
            <TableCell colSpan={columns.length} align="center" sx={{ py: 4, color: 'text.secondary' }}>
              {translate('connections.empty')}
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
