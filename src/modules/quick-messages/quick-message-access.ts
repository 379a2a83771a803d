import type { FilterQuery } from '@mikro-orm/postgresql';
import { type AuthContext, isAdmin } from '../../authorization/auth-context.js';
import { forbidden } from '../../common/errors/app-error.js';
import type { QuickMessage } from './quick-message.entity.js';
import type { QuickMessageAudience } from './quick-messages.events.js';

/** A user sees their own replies and the shared ones; admins see every reply of the company. */
export const visibleTo = (ctx: AuthContext): FilterQuery<QuickMessage> => (isAdmin(ctx) ? {} : { $or: [{ user: ctx.userId }, { geral: true }] });

/** Reading: the owner, an admin, or anyone when shared. */
export function assertCanRead(ctx: AuthContext, record: QuickMessage): void {
  if (!record.geral) assertCanEdit(ctx, record);
}

/** Changing: the owner or an admin, shared or not. */
export function assertCanEdit(ctx: AuthContext, record: QuickMessage): void {
  if (record.user.id !== ctx.userId && !isAdmin(ctx)) throw forbidden();
}

export const audienceOf = (ctx: AuthContext, record: QuickMessage): QuickMessageAudience => ({
  geral: record.geral,
  ownerId: record.user.id,
  actorId: ctx.userId,
});
