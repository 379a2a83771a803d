import { useMemo } from 'react';
import { useAccess } from '../../hooks/useAccess';
import { useAgent } from '../tickets/useAgent';
import type { BoardViewer } from './board';

/** The signed-in user as the board filters for them; undefined while /auth/me loads. */
export function useBoardViewer(): BoardViewer | undefined {
  const agent = useAgent();
  const profile = useAccess()?.me.user.profile;
  return useMemo(
    () =>
      agent && {
        id: agent.id,
        showAll: agent.canShowAll,
        supervisor: profile === 'supervisor',
        queueIds: agent.queueIds,
        allTicket: agent.allTicket,
      },
    [agent, profile],
  );
}
