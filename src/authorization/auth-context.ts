import type { AppAbility, Profile } from '../shared/permissions.js';
import type { PlanFlags } from '../shared/plan-flags.js';

/** Who is calling, resolved once per request (and per socket) from the token and the database. */
export interface AuthContext {
  userId: number;
  companyId: number;
  profile: Profile;
  super: boolean;
  allTicket: boolean;
  queueIds: number[];
  plan: PlanFlags;
  ability: AppAbility;
  /**
   * Present only for a billing-only session (an expired company's admin renewing): it reaches the routes marked
   * @BillingAccess() and nothing else; `dueDate` words the refusal everywhere else.
   */
  billing?: { dueDate: Date | null; timezone: string };
  /** The request's address (HTTP only), for the audit trail. */
  ip?: string;
}

export const isAdmin = (ctx: AuthContext): boolean => ctx.profile === 'admin';
