import { randomUUID } from 'node:crypto';
import { appError } from '../common/errors/app-error.js';
import type { ChannelAuthKeysRepository } from './channel-auth-keys.repository.js';
import type { ChannelEvents, ChannelProviderFactory, ConnectionRef, StartOptions } from './channel-provider.js';
import type { ConnectionRow } from './channels.repository.js';
import type { ConnectionLease } from './connection-lease.js';
import type { ConnectionStatusStore } from './connection-status.store.js';
import { FencedSession } from './fenced-session.js';
import type { InboundSink } from './inbound-sink.js';
import { LiveSession } from './live-session.js';
import { replayWhenReady } from './session-traffic.js';

/** What starting a session here needs from the session runtime (ChannelManager). */
export interface SessionStartDeps {
  lease: ConnectionLease;
  authKeys: ChannelAuthKeysRepository;
  status: ConnectionStatusStore;
  pipeline: InboundSink;
  factories: ReadonlyMap<string, ChannelProviderFactory>;
  row(companyId: number, connectionId: number): Promise<ConnectionRow>;
  eventsFor(live: LiveSession): ChannelEvents;
  /** A newer session took the credentials' fence: this one must stop. */
  fencedOff(live: LiveSession): void;
  /** The runtime's map of running sessions. */
  live: Map<number, LiveSession>;
}

/**
 * Starts a provider session in this process: the connection's lease first, then a fresh fencing token on its
 * credentials (an older holder's session can no longer write them), then the session, wrapped so that nothing goes out
 * once the lease is lost. `resuming` (the sweep) starts only a connection that should still run; every failure lets
 * the lease go again.
 */
export async function startSession(
  companyId: number,
  connectionId: number,
  options: StartOptions | null | undefined,
  resuming: boolean,
  deps: SessionStartDeps,
): Promise<void> {
  const { lease, status } = deps;
  if (!(await lease.acquire(connectionId))) throw appError('ERR_SESSION_IN_OTHER_PROCESS', 'Another server process runs this connection');
  const row = await deps.row(companyId, connectionId).catch(async (error: unknown) => {
    await lease.release(connectionId);
    throw error;
  });
  if (resuming && row.status !== 'CONNECTED' && row.status !== 'OPENING') {
    await lease.release(connectionId);
    return;
  }
  const factory = deps.factories.get(row.provider);
  if (!factory) {
    await lease.release(connectionId);
    await status.set(companyId, connectionId, { status: 'DISCONNECTED', disconnectReason: `Provider ${row.provider} is not available` });
    throw appError('ERR_PROVIDER_UNAVAILABLE', `Provider ${row.provider} is not available on this server`);
  }
  const ref: ConnectionRef = { id: row.id, companyId, name: row.name };
  const live = new LiveSession(ref);
  live.provider = row.provider;
  live.fence = `${lease.owner}:${randomUUID()}`;
  try {
    await deps.authKeys.takeFence(companyId, connectionId, live.fence);
  } catch (error) {
    await lease.release(connectionId);
    throw error;
  }
  // The lease may have been lost while the token was written: no session without it (nothing awaits from here on).
  if (!lease.holds(connectionId)) throw appError('ERR_SESSION_IN_OTHER_PROCESS', 'Another server process runs this connection');
  const fence = { token: live.fence, fencedOff: () => deps.fencedOff(live) };
  live.session = new FencedSession(factory.create(ref, deps.eventsFor(live), fence), () => lease.valid(connectionId), factory.provider);
  deps.live.set(connectionId, live);
  replayWhenReady(live, deps.pipeline);
  await status.set(companyId, connectionId, { status: 'OPENING', retries: 0 });
  try {
    await live.session.start(options ?? undefined);
  } catch (error) {
    if (deps.live.get(connectionId) === live) deps.live.delete(connectionId);
    live.settle();
    await lease.release(connectionId);
    await status.set(companyId, connectionId, { status: 'DISCONNECTED', disconnectReason: error instanceof Error ? error.message : String(error) });
    throw appError('ERR_WAPP_NOT_INITIALIZED', 'The session could not start');
  }
}
