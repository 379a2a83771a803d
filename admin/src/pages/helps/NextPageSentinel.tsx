import { useEffect, useRef } from 'react';

/** The spec's infinite scroll loads the next page within about 100 px of the end (administration §9). */
const THRESHOLD_PX = 100;

/** An empty box after a page's items that calls `onVisible` whenever it comes near the visible area. */
export function NextPageSentinel({ onVisible }: { onVisible(): void }) {
  const box = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && callback.current(), {
      rootMargin: `0px 0px ${THRESHOLD_PX}px 0px`,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return <div ref={box} aria-hidden style={{ height: 1 }} />;
}
