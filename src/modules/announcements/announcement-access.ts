import { subject } from '@casl/ability';
import type { FilterQuery } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../authorization/auth-context.js';
import type { Announcement } from './announcement.entity.js';

/** The record as the shared rule table looks at it (src/shared/permissions.ts: everyone reads the active ones). */
const asSubject = (record: Pick<Announcement, 'status'>) => subject('Announcement', { status: record.status } as Record<string, unknown>);

export const canRead = (ctx: AuthContext, record: Pick<Announcement, 'status'>): boolean => ctx.ability.can('read', asSubject(record));

/** Super users list every announcement; everyone else only the active ones. */
export const visibleTo = (ctx: AuthContext): FilterQuery<Announcement> => (canRead(ctx, { status: false }) ? {} : { status: true });
