import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useAccess, useReloadAccess } from '../../hooks/useAccess';
import { useAppDataProvider } from '../../providers/dataProvider';
import { useSocket } from '../../realtime/SocketProvider';
import { type Billing, BillingProvider } from './BillingContext';

export const SESSION_SCOPE = 'billing';

/** The checkout inside the signed-in app: the dataProvider, the shell's socket; after a renewal, home with the new due date. */
export function AppBilling({ children }: { children: ReactNode }) {
  const methods = useAppDataProvider();
  const socket = useSocket();
  const companyId = useAccess()?.me.company.id;
  const reloadAccess = useReloadAccess();
  const queryClient = useQueryClient();
  const value = useMemo<Billing>(
    () => ({
      methods,
      socket,
      companyId,
      scope: SESSION_SCOPE,
      homeAfterRenewal: '/',
      renewedNotice: 'checkout.pix.confirmedHome',
      onRenewed: () => {
        // The top bar's due date and warning come from /auth/me; the lists from their queries.
        reloadAccess();
        void queryClient.invalidateQueries({ queryKey: [SESSION_SCOPE] });
        void queryClient.invalidateQueries({ queryKey: ['financeiro'] });
      },
    }),
    [methods, socket, companyId, reloadAccess, queryClient],
  );
  return <BillingProvider value={value}>{children}</BillingProvider>;
}
