import { subject } from '@casl/ability';
import type { FilterQuery } from '@mikro-orm/postgresql';
import { type AuthContext, isAdmin } from '../../authorization/auth-context.js';
import { forbidden } from '../../common/errors/app-error.js';
import type { QuickMessage } from './quick-message.entity.js';
import type { QuickMessageAudience } from './quick-messages.events.js';

/** A user sees their own replies and the shared ones; admins see every reply of the company. */
export const visibleTo = (ctx: AuthContext): FilterQuery<QuickMessage> => (isAdmin(ctx) ? {} : { $or: [{ user: ctx.userId }, { geral: true }] });

/** The record as the shared rule table looks at it (the fields the browser reads in the API's answer). */
const asSubject = (record: QuickMessage) => {
  const fields: Record<string, unknown> = { userId: record.user.id, geral: record.geral };
  return subject('QuickMessage', fields);
};

/** Reading: the owner, an admin, or anyone when shared (src/shared/permissions.ts). */
export function assertCanRead(ctx: AuthContext, record: QuickMessage): void {
  if (!ctx.ability.can('read', asSubject(record))) throw forbidden();
}

/** Changing: the owner or an admin, shared or not (src/shared/permissions.ts). */
export function assertCanEdit(ctx: AuthContext, record: QuickMessage): void {
  if (!ctx.ability.can('update', asSubject(record))) throw forbidden();
}

export const audienceOf = (ctx: AuthContext, record: QuickMessage): QuickMessageAudience => ({
  geral: record.geral,
  ownerId: record.user.id,
  actorId: ctx.userId,
});
