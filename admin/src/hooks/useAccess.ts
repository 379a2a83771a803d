import { useCallback } from 'react';
import { useGetIdentity, usePermissions } from 'react-admin';
import type { Access } from '../providers/accessControl';
import { forgetAccess } from '../providers/authProvider';

/** The signed-in user's access (from /auth/me), undefined while it loads. */
export function useAccess(): Access | undefined {
  return usePermissions<Access>().permissions;
}

/** Reloads /auth/me and the identity built from it, e.g. after the user edited their own account. */
export function useReloadAccess(): () => void {
  const { refetch: refetchPermissions } = usePermissions<Access>();
  const { refetch: refetchIdentity } = useGetIdentity();
  return useCallback(() => {
    forgetAccess();
    void refetchPermissions();
    void refetchIdentity();
  }, [refetchPermissions, refetchIdentity]);
}
