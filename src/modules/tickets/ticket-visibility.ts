import { type ColumnMap, rulesToSql, type SqlPart } from '../../authorization/rules-to-sql.js';
import { type AppAbility, ticketListAction } from '../../shared/permissions.js';

export type { SqlPart };

/** Where the fields of the Ticket rules live in the list queries (`tickets t`). */
export const TICKET_COLUMNS: ColumnMap = { userId: 't.user_id', queueId: 't.queue_id', status: 't.status' };

/**
 * Which tickets a list shows: the shared Ticket rules (src/shared/permissions.ts) translated to SQL, action `list`,
 * or `read` under "show all" for those allowed to use it. The caller leads with `t.company_id = ?`.
 */
export function accessibleTickets(ability: AppAbility, showAll: boolean): SqlPart {
  return rulesToSql(ability, ticketListAction(ability, showAll), 'Ticket', TICKET_COLUMNS);
}

/** The same rules on `ticket_counters c`, which keeps exactly the columns they name: counts without reading tickets. */
const COUNTER_COLUMNS: ColumnMap = { userId: 'c.user_id', queueId: 'c.queue_id', status: 'c.status' };

export function accessibleCounters(ability: AppAbility, showAll: boolean): SqlPart {
  return rulesToSql(ability, ticketListAction(ability, showAll), 'Ticket', COUNTER_COLUMNS);
}
