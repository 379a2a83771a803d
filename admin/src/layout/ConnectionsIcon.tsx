import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import SyncAltOutlined from '@mui/icons-material/SyncAltOutlined';
import { Badge } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { type ConnectionEvent, NEEDS_ATTENTION, type SessionEvent } from '../pages/connections/types';
import { api } from '../providers/httpClient';
import { useCompanyTopic } from '../realtime/useCompanyTopic';

const CHECK_DELAY_MS = 2000;

/**
 * The connections menu icon, with a red exclamation while a connection is in qrcode, PAIRING, DISCONNECTED,
 * TIMEOUT or OPENING: checked 2 s after load, then kept live from the connection and session channels.
 */
export function ConnectionsIcon() {
  const translate = useTranslate();
  /** Status per connection id; undefined until the first check. */
  const [statuses, setStatuses] = useState<Record<number, string> | undefined>();

  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      api
        .get<{ id: number; status: string }[]>('/whatsapp', { session: 0 })
        .then((connections) => current && setStatuses(Object.fromEntries(connections.map((c) => [c.id, c.status]))))
        .catch(() => current && setStatuses({}));
    }, CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, []);

  useCompanyTopic<SessionEvent>('whatsappSession', ({ session }) => {
    if (session) setStatuses((known) => known && { ...known, [session.id]: session.status });
  });
  useCompanyTopic<ConnectionEvent>('whatsapp', (payload) => {
    setStatuses((known) => {
      if (!known) return known;
      if (payload.action !== 'delete') return payload.whatsapp ? { ...known, [payload.whatsapp.id]: payload.whatsapp.status } : known;
      const { [Number(payload.whatsappId)]: _removed, ...rest } = known;
      return rest;
    });
  });

  const warning = Object.values(statuses ?? {}).some((status) => NEEDS_ATTENTION.includes(status));
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
