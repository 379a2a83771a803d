import { companyEvent } from '../../../src/shared/realtime-events';
import { useAccess } from '../hooks/useAccess';
import { useRealtimeEvent } from './useRealtimeEvent';

/**
 * Subscribes to `company-{companyId}-{topic}` of the signed-in user's company with a payload type of the
 * caller's choosing, for topics whose payload the screen describes itself.
 */
export function useCompanyTopic<T>(topic: string, handler: (payload: T) => void): void {
  const companyId = useAccess()?.me.company.id;
  useRealtimeEvent<T>(companyId === undefined ? undefined : companyEvent(companyId, topic), handler);
}
