import { type ReactNode, useEffect } from 'react';
import { Loading, Navigate, useNavigate, useNotify } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { useAccess } from '../hooks/useAccess';
import { findRoute, isRouteAllowed } from '../routes';

const REDIRECT_DELAY_MS = 1000;

/**
 * The one guard of the signed-in routes: the route table's entry for the location decides (role, plan) whether the
 * screen renders; otherwise the user goes to the entry's fallback silently, or gets its notice and goes home.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const access = useAccess();
  const { pathname } = useLocation();
  const route = findRoute(pathname);
  if (!route) return children;
  if (!access) return <Loading />;
  if (isRouteAllowed(route, access)) return children;
  if (route.fallback) return <Navigate to={route.fallback} replace />;
  return <Denied key={pathname} message={route.deniedMessage ?? (route.plan ? 'app.noPlanPermission' : 'errors.ERR_NO_PERMISSION')} />;
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
