import { createContext, type ReactNode, useContext, useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { companyEvent } from '../../../../src/shared/realtime-events';
import type { PaymentEventPayload } from '../../../../src/shared/billing-api-types';
import type { BillingMethods } from '../../providers/billingMethods';

/**
 * Where the checkout talks to: the signed-in session (dataProvider and the shell's socket) or the billing-only session
 * of an expired company (its own token and socket); and what happens once the payment is confirmed.
 */
export interface Billing {
  methods: BillingMethods;
  socket: Socket | null;
  companyId: number | undefined;
  /** Runs when the payment event arrives (e.g. reload the session's due date). */
  onRenewed(dueDate: string): void;
  /** Where the app goes 4 s after the renewal toast, with the new due date as navigation state. */
  homeAfterRenewal: string;
  /** Catalog key of what the Pix screen says once paid (where it goes next). */
  renewedNotice: string;
  /** Keeps the two sessions' cached answers apart. */
  scope: string;
}

const BillingContext = createContext<Billing | null>(null);

export function BillingProvider({ value, children }: { value: Billing; children: ReactNode }) {
  return <BillingContext.Provider value={value}>{children}</BillingContext.Provider>;
}

export function useBilling(): Billing {
  const billing = useContext(BillingContext);
  if (!billing) throw new Error('useBilling outside a BillingProvider');
  return billing;
}

/** Listens on `company-{id}-payment` while mounted (the Pix screen). */
export function usePaymentEvent(handler: (payload: PaymentEventPayload) => void): void {
  const { socket, companyId } = useBilling();
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    if (!socket || companyId === undefined) return;
    const event = companyEvent(companyId, 'payment');
    const listener = (payload: PaymentEventPayload) => handlerRef.current(payload);
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
  }, [socket, companyId]);
}
