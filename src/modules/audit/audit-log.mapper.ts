import type { AuditAction, AuditLogResponse, AuditSubject } from '../../shared/audit-api-types.js';
import type { AuditLogRow } from './audit-logs.repository.js';

export type { AuditLogResponse };

export const toAuditLogResponse = (row: AuditLogRow): AuditLogResponse => ({
  id: row.id,
  companyId: row.company_id,
  userId: row.user_id,
  userName: row.user_name,
  ip: row.ip,
  action: row.action as AuditAction,
  subjectType: row.subject_type as AuditSubject,
  subjectId: row.subject_id,
  changes: row.changes,
  createdAt: new Date(row.created_at).toISOString(),
});
