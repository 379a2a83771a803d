import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import SyncAltOutlined from '@mui/icons-material/SyncAltOutlined';
import { Badge } from '@mui/material';
import { useEffect, useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { type Connection, NEEDS_ATTENTION } from '../resources/connections/types';
import { useLiveConnections } from '../resources/connections/useLiveConnections';

const CHECK_DELAY_MS = 2000;
/** GET /whatsapp answers every connection at once. */
const ALL = { pagination: { page: 1, perPage: 1000 } };

/**
 * The connections menu icon, with a red exclamation while a connection is in qrcode, PAIRING, DISCONNECTED,
 * TIMEOUT or OPENING: checked 2 s after load, then kept live from the connection and session channels.
 */
export function ConnectionsIcon() {
  const translate = useTranslate();
  const [due, setDue] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDue(true), CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const { data } = useGetList<Connection>('connections', ALL, { enabled: due });
  useLiveConnections();

  const warning = (data ?? []).some((connection) => NEEDS_ATTENTION.includes(connection.status));
  return (
    <Badge
      invisible={!warning}
      overlap="circular"
      data-warning={warning}
      badgeContent={
        <ErrorOutlined
          color="error"
          sx={{ fontSize: 14, bgcolor: 'background.paper', borderRadius: '50%' }}
          titleAccess={translate('menu.connectionsWarning')}
        />
      }
    >
      <SyncAltOutlined />
    </Badge>
  );
}
