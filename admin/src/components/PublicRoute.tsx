import type { ReactNode } from 'react';
import { Navigate } from 'react-admin';
import { session } from '../providers/session';

/** Public screens (login, signup, password reset) send a signed-in user to the home page. */
export function PublicRoute({ children }: { children: ReactNode }) {
  return session.token() ? <Navigate to="/" replace /> : children;
}
