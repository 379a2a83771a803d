import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import SyncAltOutlined from '@mui/icons-material/SyncAltOutlined';
import { Badge } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { companyEvent } from '../../../src/shared/realtime-events';
import { useAccess } from '../hooks/useAccess';
import { api } from '../providers/httpClient';
import { useRealtimeEvent } from '../realtime/useRealtimeEvent';

const CHECK_DELAY_MS = 2000;
const NEEDS_ATTENTION = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'];

/** The connections menu icon, with a red exclamation while a connection is not connected. */
export function ConnectionsIcon() {
  const translate = useTranslate();
  const companyId = useAccess()?.me.company.id;
  const [warning, setWarning] = useState(false);

  const check = useCallback(() => {
    api
      .get<{ status: string }[]>('/whatsapp', { session: 0 })
      .then(connections => setWarning(connections.some(c => NEEDS_ATTENTION.includes(c.status))))
      .catch(() => setWarning(false));
  }, []);

  useEffect(() => {
    const timer = setTimeout(check, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [check]);
  useRealtimeEvent(companyId === undefined ? undefined : companyEvent(companyId, 'whatsappSession'), check);

  return (
    <Badge
      invisible={!warning}
      overlap="circular"
      badgeContent={<ErrorOutlined color="error" sx={{ fontSize: 14 }} titleAccess={translate('menu.connectionsWarning')} />}
    >
      <SyncAltOutlined />
    </Badge>
  );
}
