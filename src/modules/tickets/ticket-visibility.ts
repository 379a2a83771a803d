import type { AuthContext } from '../../authorization/auth-context.js';
import { isAdmin } from '../../authorization/auth-context.js';

export interface SqlPart {
  sql: string;
  params: unknown[];
}

/**
 * Which tickets a caller sees in lists (core-attendant §6, ARCHITECTURE §5): admins with "show all" everything;
 * supervisors and admins without it their own tickets and every ticket of their queues; a `user` their own tickets,
 * pending tickets of their queues, and pending tickets without a queue when allTicket is enabled.
 */
export function ticketVisibility(ctx: AuthContext, showAll: boolean): SqlPart {
  const queues = ctx.queueIds.join(',');
  if (isAdmin(ctx) && showAll) return { sql: 'true', params: [] };
  if (isAdmin(ctx) || ctx.profile === 'supervisor') {
    return {
      sql: `(t.user_id = ? or t.queue_id = any(string_to_array(?, ',')::int[]) or (t.queue_id is null and ?))`,
      params: [ctx.userId, queues, ctx.allTicket || isAdmin(ctx)],
    };
  }
  return {
    sql: `(t.user_id = ? or (t.status = 'pending' and t.queue_id = any(string_to_array(?, ',')::int[])) or (t.status = 'pending' and t.queue_id is null and ?))`,
    params: [ctx.userId, queues, ctx.allTicket],
  };
}
