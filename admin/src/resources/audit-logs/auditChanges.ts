import type { AuditLogResponse } from '../../../../src/shared/audit-api-types';

/** One changed field as a line of text: `campo: antes → depois`, `campo: → novo` for a creation. */
export interface ChangeLine {
  field: string;
  from: string | null;
  to: string | null;
}

const text = (value: unknown): string => (value === null ? '∅' : typeof value === 'string' ? value : JSON.stringify(value));

/** The entry's changed fields, in the order the server wrote them. */
export function changeLines(entry: Pick<AuditLogResponse, 'changes'>): ChangeLine[] {
  return Object.entries(entry.changes).map(([field, change]) => ({
    field,
    from: 'from' in change ? text(change.from) : null,
    to: 'to' in change ? text(change.to) : null,
  }));
}
