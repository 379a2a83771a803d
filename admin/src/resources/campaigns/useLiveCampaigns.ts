import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useCompanyEvent } from '../../realtime/useRealtimeEvent';

/** A running campaign reports progress after each send: the list reloads at most this often. */
const RELOAD_EVERY_MS = 1000;

/**
 * Keeps the open campaign lists and forms current through `company-{id}-campaign`: a created, changed or deleted
 * campaign reloads them at once; progress (counts, status) at most once a second.
 */
export function useLiveCampaigns(): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useCompanyEvent('campaign', (payload) => {
    const reload = () => void queryClient.invalidateQueries({ queryKey: ['campaigns'] });
    if (payload.action !== 'progress') return reload();
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      reload();
    }, RELOAD_EVERY_MS);
  });
}
