import { useMemo } from 'react';
import type { AppAbility } from '../../../../src/shared/permissions';
import { useAccess } from '../../hooks/useAccess';
import type { QueueOption } from './types';

/** /auth/me's user carries the queues and allTicket too (the shared `Me` type leaves them out). */
interface AgentUser {
  id: number;
  name: string;
  profile: string;
  queues?: QueueOption[];
  allTicket?: string | boolean | null;
}

/** The signed-in attendant as the tickets screen needs it. */
export interface Agent {
  id: number;
  name: string;
  isAdmin: boolean;
  queues: QueueOption[];
  queueIds: number[];
  /** allTicket: 'enable' and 'enabled' are both read as on (core §3). */
  allTicket: boolean;
  /** 'tickets-manager:showall' */
  canShowAll: boolean;
  /** 'ticket-options:deleteTicket' */
  canDeleteTicket: boolean;
  companyId: number;
  /** The shipped rules (ticket visibility among them). */
  ability: AppAbility;
}

export const isAllTicketOn = (value: unknown) => value === true || value === 'enable' || value === 'enabled';

export function useAgent(): Agent | undefined {
  const access = useAccess();
  return useMemo(() => {
    if (!access) return undefined;
    const user = access.me.user as AgentUser;
    const queues = user.queues ?? [];
    return {
      id: user.id,
      name: user.name,
      isAdmin: access.isAdmin,
      queues,
      queueIds: queues.map((queue) => queue.id),
      allTicket: isAllTicketOn(user.allTicket),
      canShowAll: access.can('tickets-manager:showall'),
      canDeleteTicket: access.can('ticket-options:deleteTicket'),
      companyId: access.me.company.id,
      ability: access.ability,
    };
  }, [access]);
}
