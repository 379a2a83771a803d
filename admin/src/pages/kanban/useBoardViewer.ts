import { useMemo } from 'react';
import { useAgent } from '../tickets/useAgent';
import type { BoardViewer } from './board';

/** The signed-in user as the board filters for them; undefined while /auth/me loads. */
export function useBoardViewer(): BoardViewer | undefined {
  const agent = useAgent();
  return useMemo(() => agent && { id: agent.id, showAll: agent.canShowAll, queueIds: agent.queueIds, ability: agent.ability }, [agent]);
}
