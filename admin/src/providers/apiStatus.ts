/**
 * Whether the API is answering. A 503 (the server's database or Redis is down) or a request that never got an answer
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

/** The answers that say "try again shortly": the session is fine, the server's dependencies are not. */
export const isOutageStatus = (status: number | undefined): boolean => status === 503;

/** A fetch that got no answer at all (server down, network lost), as opposed to one the page cancelled. */
export const isNetworkFailure = (error: unknown, signal?: AbortSignal | null): boolean =>
  !signal?.aborted && !(error instanceof DOMException && error.name === 'AbortError');
