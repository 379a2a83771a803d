import type { Logger } from '@nestjs/common';
import type { ChannelEvents, ConnectionRef } from './channel-provider.js';
import type { ConnectionLease } from './connection-lease.js';
import type { ConnectionStatusStore } from './connection-status.store.js';
import type { InboundSink } from './inbound-sink.js';
import type { LiveSession } from './live-session.js';
import { MAX_QR_REFRESHES } from './reconnect-policy.js';
import type { ReconnectTimers } from './reconnect-timers.js';
import type { SessionRouting } from './session-routing.js';
import { trafficEvents } from './session-traffic.js';

/** What a running session's lifecycle events act on (the session runtime, ChannelManager, gives them). */
export interface SessionLifecycleDeps {
  status: ConnectionStatusStore;
  routing: SessionRouting;
  lease: ConnectionLease;
  pipeline: InboundSink;
  reconnects: ReconnectTimers;
  logger: Logger;
  /** Forgets `live` when it is still this process's session of its connection (and not being stopped); answers whether it was. */
  forgetIfCurrent(live: LiveSession): boolean;
  /** Stops the session for good, with the reason on the row (too many QR codes unread). */
  giveUp(live: LiveSession, reason: string): Promise<void>;
  /** Starts the connection again after a transient close. */
  restart(ref: ConnectionRef): Promise<void>;
}

/**
 * The events a provider session reports, turned into the connection's row and routing: QR and pairing codes shown,
 * connected announced, a close either unlinks (the phone logged out: credentials cleared, row first, lease last) or
 * reconnects with backoff; customer traffic goes to the inbound sink (session-traffic.ts).
 */
export function sessionLifecycleEvents(live: LiveSession, deps: SessionLifecycleDeps): ChannelEvents {
  const { companyId, id } = live.ref;
  const { status, routing, lease, reconnects, logger } = deps;
  const report = (promise: Promise<unknown>) => void promise.catch((e: unknown) => logger.error(`connection ${id}: ${String(e)}`));
  return {
    qr: (qr) => {
      live.linking = true;
      live.qrCount += 1;
      if (live.qrCount > MAX_QR_REFRESHES) {
        report(deps.giveUp(live, 'QR code não lido a tempo'));
        return;
      }
      report(status.set(companyId, id, { status: 'qrcode', qrcode: qr, retries: live.qrCount }));
    },
    pairingCode: (code) => {
      live.linking = true;
      report(status.set(companyId, id, { status: 'PAIRING', pairingCode: code }));
    },
    connected: ({ phoneNumber }) => {
      live.connected = true;
      live.linking = false;
      live.settle();
      live.qrCount = 0;
      reconnects.connected(id);
      report(status.set(companyId, id, { status: 'CONNECTED', qrcode: null, retries: 0, phoneNumber: phoneNumber ?? null }));
      report(routing.announce(id, companyId, live.provider));
    },
    closed: (info) => {
      live.connected = false;
      live.settle();
      if (!deps.forgetIfCurrent(live)) return;
      report(routing.unlist(id));
      if (info.loggedOut) {
        // The row first, then the lease (see startNow): nobody resumes a session the phone unlinked.
        report(
          status
            .clearCredentials(companyId, id)
            .then(() => status.set(companyId, id, { status: 'DISCONNECTED', qrcode: null, disconnectReason: info.reason }))
            .then(() => lease.release(id)),
        );
        return;
      }
      scheduleReconnect(live.ref, info.reason, deps);
    },
    ...trafficEvents(live, deps.pipeline, logger),
  };
}

/** Transient closes reconnect with exponential backoff and jitter, without a new QR code. */
function scheduleReconnect(ref: ConnectionRef, reason: string, deps: SessionLifecycleDeps): void {
  const delay = deps.reconnects.schedule(ref.id, () => {
    deps.restart(ref).catch((e: unknown) => deps.logger.error(`reconnect ${ref.id}: ${String(e)}`));
  });
  deps.logger.warn(`connection ${ref.id} closed (${reason}); reconnecting in ${delay} ms`);
  void deps.status.set(ref.companyId, ref.id, { status: 'OPENING', disconnectReason: reason }).catch(() => undefined);
}
