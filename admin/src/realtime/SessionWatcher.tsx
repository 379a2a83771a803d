import { useNotify } from 'react-admin';
import { useAccess } from '../hooks/useAccess';
import { session } from '../providers/session';
import { useCompanyEvent } from './useRealtimeEvent';

const RELOAD_DELAY_MS = 1000;

/** Ends this session when the same user signs in elsewhere. */
export function SessionWatcher() {
  const notify = useNotify();
  const userId = useAccess()?.me.user.id;

  useCompanyEvent('auth', (payload) => {
    if (payload.action !== 'sessionReplaced' || payload.user?.id !== userId) return;
    notify('auth.sessionReplaced', { type: 'warning' });
    session.clear();
    setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
  });

  return null;
}
