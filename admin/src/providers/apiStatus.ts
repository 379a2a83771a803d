/**
 * Whether the API is answering. A 503 (the server's database or Redis is down), a proxy's 502/504 or a request that never got an answer
 * marks it unreachable; any other answer marks it back. Neither ends the session: the layout shows a "reconnecting"
 * bar meanwhile (layout/ReconnectingBar.tsx) and retries until the API answers again.
 */
type Listener = () => void;

let unreachable = false;
const listeners = new Set<Listener>();

function set(value: boolean): void {
  if (unreachable === value) return;
  unreachable = value;
  for (const listener of listeners) listener();
}

export const apiStatus = {
  /** For useSyncExternalStore. */
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  unreachable: (): boolean => unreachable,
  markUnreachable: (): void => set(true),
  markReachable: (): void => set(false),
};

/**
 * The answers that say "try again shortly": the session is fine, the server's dependencies are not (503), or a proxy
 * in front of it found no server to answer (502, 504: a restart, a deploy).
 */
export const isOutageStatus = (status: number | undefined): boolean => status === 502 || status === 503 || status === 504;

/** A fetch that got no answer at all (server down, network lost), as opposed to one the page cancelled. */
export const isNetworkFailure = (error: unknown, signal?: AbortSignal | null): boolean =>
  !signal?.aborted && !(error instanceof DOMException && error.name === 'AbortError');
