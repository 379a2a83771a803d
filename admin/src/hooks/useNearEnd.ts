import { useEffect, useRef } from 'react';

const THRESHOLD_PX = 100;

/**
 * Calls `onNearEnd` when the sentinel comes within 100 px of the bottom of the scroll container.
 * The observer is rebuilt whenever `enabled` or the callback change, so a page that does not fill
 * the container keeps loading.
 */
export function useNearEnd<Root extends HTMLElement, Sentinel extends HTMLElement>(onNearEnd: () => void, enabled: boolean) {
  const rootRef = useRef<Root>(null);
  const sentinelRef = useRef<Sentinel>(null);

  useEffect(() => {
    if (!enabled || !rootRef.current || !sentinelRef.current) return;
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && onNearEnd(), {
      root: rootRef.current,
      rootMargin: `0px 0px ${THRESHOLD_PX}px 0px`,
    });
    observer.observe(sentinelRef.current);
    return () => observer.disconnect();
  }, [enabled, onNearEnd]);

  return { rootRef, sentinelRef };
}
