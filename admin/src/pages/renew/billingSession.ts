/** The billing-only session of an expired company's admin: per tab (sessionStorage), apart from the normal session. */
export interface BillingSession {
  token: string;
  /** The expired due date (ISO-8601), for the expiry text. */
  dueDate: string;
}

const KEY = 'billingSession';

/** The renewal page (no shell), where the login's 'Pagar agora' leads. */
export const RENEW_PATH = '/renew';

export const billingSession = {
  read(): BillingSession | null {
    try {
      const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<BillingSession> | null;
      return stored?.token ? { token: stored.token, dueDate: stored.dueDate ?? '' } : null;
    } catch {
      return null;
    }
  },
  save(session: BillingSession): void {
    sessionStorage.setItem(KEY, JSON.stringify(session));
  },
  clear(): void {
    sessionStorage.removeItem(KEY);
  },
};
