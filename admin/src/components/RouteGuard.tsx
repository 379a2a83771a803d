import { type ReactNode, useEffect } from 'react';
import { Loading, Navigate, useNavigate, useNotify } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { useAccess } from '../hooks/useAccess';
import { findRoute, refusalOf } from '../routes';

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
  const refusal = refusalOf(route, access);
  if (!refusal) return children;
  if (route.fallback) return <Navigate to={route.fallback} replace />;
  // The plan's message only when the plan is the reason: a role refusal says it is the role.
  const message = refusal === 'plan' ? (route.deniedMessage ?? 'app.noPlanPermission') : 'roleRefusal.message';
  return <Denied key={pathname} message={message} />;
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
