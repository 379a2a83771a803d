/** The audited actions (`{subject}.{verb}`), for the list's filter and the browser's labels. */
export const AUDIT_ACTIONS = [
  'auth.sign-in',
  'auth.sign-out',
  'auth.lockout',
  'user.create',
  'user.update',
  'user.delete',
  'user.unlock',
  'company.create',
  'company.update',
  'company.delete',
  'plan.create',
  'plan.update',
  'plan.delete',
  'invoice.charge',
  'invoice.paid',
  'invoice.refunded',
  'setting.update',
  'connection.create',
  'connection.update',
  'connection.token-regenerate',
  'connection.delete',
  'campaign.start',
  'campaign.cancel',
  'campaign.restart',
  'contact-list.import',
  'announcement.create',
  'announcement.update',
  'announcement.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_SUBJECTS = ['User', 'Company', 'Plan', 'Invoice', 'Setting', 'Connection', 'Campaign', 'ContactList', 'Announcement'] as const;
export type AuditSubject = (typeof AUDIT_SUBJECTS)[number];

/** One entry of the audit trail (GET /api/audit-logs). */
export interface AuditLogResponse {
  id: string;
  companyId: number;
  userId: number | null;
  /** The acting user's current name; null for the system (a payment provider) or a deleted user. */
  userName: string | null;
  ip: string | null;
  action: AuditAction;
  subjectType: AuditSubject;
  subjectId: string | null;
  /** Changed fields: `{ field: { from, to } }`; secrets appear masked. */
  changes: Record<string, { from?: unknown; to?: unknown }>;
  createdAt: string;
}
