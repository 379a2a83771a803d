import { type ReactNode, useEffect } from 'react';
import { Loading, Navigate, useNavigate, useNotify } from 'react-admin';
import { useAccess } from '../hooks/useAccess';
import { type AppRoute, isRouteAllowed } from '../routes';

const REDIRECT_DELAY_MS = 1000;

/** Renders the screen when the user may open the route, else sends them away. */
export function AllowedRoute({ route, children }: { route: AppRoute; children: ReactNode }) {
  const access = useAccess();
  if (!access) return <Loading />;
  if (isRouteAllowed(route, access)) return children;
  if (route.fallback) return <Navigate to={route.fallback} replace />;
  return <Denied message={route.deniedMessage ?? (route.plan ? 'app.noPlanPermission' : 'errors.ERR_NO_PERMISSION')} />;
}

function Denied({ message }: { message: string }) {
  const notify = useNotify();
  const navigate = useNavigate();
  useEffect(() => {
    notify(message, { type: 'error' });
    const timer = setTimeout(() => navigate('/', { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [message, notify, navigate]);
  return null;
}
