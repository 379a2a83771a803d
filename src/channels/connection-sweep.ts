import { Logger } from '@nestjs/common';
import { channelMetrics } from '../infra/metrics/instruments.js';
import type { ExclusiveRunner } from '../infra/scheduling/exclusive-runner.js';
import type { ChannelsRepository } from './channels.repository.js';
import type { ConnectionLease } from './connection-lease.js';
import type { ConnectionStatusStore } from './connection-status.store.js';
import type { InboundSink } from './inbound-sink.js';
import type { SessionRouting } from './session-routing.js';

/** What the sweep needs of the ChannelManager. */
export interface SweepHost {
  /** The connection runs here, is reconnecting here or is being started here. */
  busyHere(connectionId: number): boolean;
  /** The provider runs a long-lived session one process must hold (ProviderCapabilities); others need no sweep. */
  holdsSessions(provider: string): boolean;
  /** Starts the session here if, once its lease is held, the row still says it should run. */
  resume(companyId: number, connectionId: number): Promise<void>;
}

export interface SweepDeps {
  connections: ChannelsRepository;
  lease: ConnectionLease;
  status: ConnectionStatusStore;
  pipeline: InboundSink;
  exclusive: ExclusiveRunner;
  /** Where sessions run when more than one process shares them (ROLE=api or worker). */
  routing: SessionRouting;
  intervalMs: number;
}

/** A dead holder's lease is looked at again this long after it expires. */
const AFTER_EXPIRY_MS = 25;

/**
 * Makes the rows follow reality, every CONNECTION_SWEEP_MS in each session process, for the providers whose sessions
 * a process holds (a stateless API has nothing to restart):
 * - a connection marked CONNECTED (or reconnecting) that nobody runs is started here: at once when the lease is free
 *   or held by a previous life of this process; a lease held by another process is left alone, but when it has less
 *   than a sweep interval to live (its holder stopped renewing it: it died), the sweep runs again the moment it
 *   expires, so a dead worker's connections move within one lease TTL;
 * - a QR code or pairing nobody runs any more is marked DISCONNECTED;
 * - events recorded for a connection nobody runs are processed here (not those of stateless connections: their
 *   drainer, InboxDrainers, does it).
 * Just after Redis came back empty the leases are missing while their holders still run: unheld connections are left
 * to them for a grace period (ConnectionLease.inGrace) instead of being started a second time.
 */
export class ConnectionSweep {
  private readonly logger = new Logger('ConnectionSweep');
  private interval: NodeJS.Timeout | null = null;
  private soon: { timer: NodeJS.Timeout; at: number } | null = null;

  constructor(
    private readonly host: SweepHost,
    private readonly deps: SweepDeps,
  ) {}

  /** Sweeps every interval from now on (the returned handle is registered with the scheduler). */
  every(): NodeJS.Timeout {
    this.interval ??= setInterval(() => this.runLogged(), this.deps.intervalMs);
    this.interval.unref();
    return this.interval;
  }

  stop(): void {
    if (this.interval) clearInterval(this.interval);
    if (this.soon) clearTimeout(this.soon.timer);
    this.interval = this.soon = null;
  }

  runLogged(): void {
    void this.run().catch((e: unknown) => this.logger.error(`sweep: ${String(e)}`));
  }

  /** Answers whether connections were left alone for the grace period after a Redis loss (see ConnectionLease). */
  async run(): Promise<boolean> {
    const { connections, lease, status, routing } = this.deps;
    const { distributed } = routing;
    const rows = (await connections.sessionsToWatch()).filter((row) => this.host.holdsSessions(row.provider) && !this.host.busyHere(row.id));
    const holders = await lease.holders(rows.map((r) => r.id));
    let grace: boolean | null = null;
    const inGrace = async () => (grace ??= distributed && (await lease.inGrace()));
    const orphans: typeof rows = [];
    for (const row of rows) {
      const { holder, pttlMs } = holders.get(row.id) ?? { holder: null, pttlMs: -2 };
      if (holder && lease.isOurs(holder)) orphans.push(row);
      else if (holder) {
        if (pttlMs >= 0 && pttlMs < this.deps.intervalMs) this.again(pttlMs + AFTER_EXPIRY_MS);
      } else if (!(await inGrace())) orphans.push(row);
    }
    await Promise.allSettled(
      orphans.map((row) =>
        row.status === 'CONNECTED' || row.status === 'OPENING'
          ? this.takeOver(row.company_id, row.id)
          : status.set(row.company_id, row.id, { status: 'DISCONNECTED', qrcode: null, disconnectReason: 'Sessão encerrada: leia o QR code novamente' }),
      ),
    );
    if (grace) return true;
    await this.replayOrphanedEvents();
    if (distributed) {
      // Sessions of a dead process that nobody took over (the orphans above were started first) are not connected.
      await routing.purgeUnheld(routing.listed().filter((id) => !this.host.busyHere(id)));
    }
    return false;
  }

  /** A connection that should run and nobody runs (its holder died, or this process restarted) is started here. */
  private takeOver(companyId: number, connectionId: number): Promise<void> {
    channelMetrics.takeovers.inc();
    return this.host.resume(companyId, connectionId);
  }

  private async replayOrphanedEvents(): Promise<void> {
    const { pipeline, lease, exclusive } = this.deps;
    const pendings = await pipeline.connectionsWithPending();
    if (!pendings.length) return;
    const running = await lease.taken(pendings.map((p) => p.whatsapp_id));
    const providers = await this.deps.connections.providersOf(pendings.map((p) => p.whatsapp_id));
    for (const pending of pendings) {
      if (this.host.busyHere(pending.whatsapp_id) || running.has(pending.whatsapp_id)) continue;
      // Stateless connections (the Cloud API) have their own drainer (InboxDrainers).
      if (!this.host.holdsSessions(providers.get(pending.whatsapp_id) ?? '')) continue;
      const ref = { id: pending.whatsapp_id, companyId: pending.company_id, name: '' };
      await exclusive.run(`inbox:${ref.id}`, lease.ttlMs, () => pipeline.replay(ref));
    }
  }

  /** One extra sweep `ms` from now (the earliest asked for wins). */
  private again(ms: number): void {
    if (!this.interval) return;
    const at = Date.now() + ms;
    if (this.soon && this.soon.at <= at) return;
    if (this.soon) clearTimeout(this.soon.timer);
    const timer = setTimeout(() => {
      this.soon = null;
      this.runLogged();
    }, ms);
    timer.unref();
    this.soon = { timer, at };
  }
}
