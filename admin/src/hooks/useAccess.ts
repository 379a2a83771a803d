import { useCallback } from 'react';
import { usePermissions } from 'react-admin';
import type { Access } from '../providers/accessControl';
import { forgetAccess } from '../providers/authProvider';

/** The signed-in user's access (from /auth/me), undefined while it loads. */
export function useAccess(): Access | undefined {
  return usePermissions<Access>().permissions;
}

/** Reloads /auth/me, e.g. after the user edited their own account. */
export function useReloadAccess(): () => void {
  const { refetch } = usePermissions<Access>();
  return useCallback(() => {
    forgetAccess();
    void refetch();
  }, [refetch]);
}
