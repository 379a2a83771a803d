import { type RefObject, useLayoutEffect, useRef } from 'react';

/**
 * The two scroll rules of a message pane that loads older pages on top: a prepended page keeps the same message under
 * the reader's eyes, and a new message at the end scrolls into view when the reader was at the end or sent it.
 * The component records `heightBeforeOlder` right before asking for an older page and keeps `pinned` up to date.
 */
export function useScrollAnchors<M extends { id: number }>(
  scrollRef: RefObject<HTMLElement | null>,
  olderVersion: number,
  messages: M[],
  isMine: (message: M) => boolean,
) {
  const pinned = useRef(true);
  const heightBeforeOlder = useRef<number | null>(null);
  const lastId = useRef<number | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when an older page was prepended (olderVersion), not on every render
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || heightBeforeOlder.current === null) return;
    element.scrollTop += element.scrollHeight - heightBeforeOlder.current;
    heightBeforeOlder.current = null;
  }, [olderVersion, scrollRef]);

  useLayoutEffect(() => {
    const element = scrollRef.current;
    const last = messages.at(-1);
    if (!element || !last || last.id === lastId.current) return;
    const first = lastId.current === null;
    lastId.current = last.id;
    if (first || pinned.current || isMine(last)) element.scrollTop = element.scrollHeight;
  }, [messages, isMine, scrollRef]);

  return { pinned, heightBeforeOlder };
}
