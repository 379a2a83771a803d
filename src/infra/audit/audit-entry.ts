/** A field's value before and after a change; a field absent on one side was created or removed with its record. */
export interface FieldChange {
  from?: unknown;
  to?: unknown;
}

export type AuditChanges = Record<string, FieldChange>;

/** What an entry records: the action, the record it names and the fields it changed. */
export interface AuditEntry {
  /** `{subject}.{verb}`: `user.update`, `campaign.start`, `auth.sign-in`. */
  action: string;
  subjectType: string;
  subjectId: number | string | null;
  changes?: AuditChanges;
  /** The company whose trail holds the entry when it is not the actor's (a super user changing another tenant). */
  companyId?: number;
}

/** Who acted: a signed-in user (with their address), or the system (`userId` null) for a provider's webhook. */
export interface AuditActor {
  companyId: number;
  userId: number | null;
  ip?: string | null;
}

/** What a secret's value is written as: the entry says it changed, never what it was or became. */
export const MASKED = '••••••';

/** The listed fields of a record, as plain JSON values (dates as ISO strings, references as their ids). */
export function snapshot<T extends object>(record: T, fields: readonly (keyof T & string)[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) values[field] = plain(record[field]);
  return values;
}

function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') {
    // A reference (Ref<Company>, an entity): its id is what changed.
    if ('id' in value && typeof (value as { id: unknown }).id !== 'object') return (value as { id: unknown }).id;
    return JSON.parse(JSON.stringify(value)) as unknown;
  }
  return value;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const isEmpty = (value: unknown): boolean => value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * The fields that differ between two snapshots; `before` empty for a creation, `after` empty for a removal. Secret
 * fields keep their place in the diff with both values masked.
 */
export function changesBetween(before: Record<string, unknown>, after: Record<string, unknown>, secrets: readonly string[] = []): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const had = Object.hasOwn(before, field);
    const has = Object.hasOwn(after, field);
    if (had && has && same(before[field], after[field])) continue;
    // A creation or removal leaves out the fields it left empty.
    if (!had && isEmpty(after[field])) continue;
    if (!has && isEmpty(before[field])) continue;
    const secret = secrets.includes(field);
    const change: FieldChange = {};
    if (had) change.from = secret ? MASKED : before[field];
    if (has) change.to = secret ? MASKED : after[field];
    changes[field] = change;
  }
  return changes;
}
