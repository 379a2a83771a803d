import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { SchedulerRegistry } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig, runsBackgroundWork } from '../config/app-config.js';
import { openJobs } from '../infra/jobs/bull.js';
import { ExclusiveRunner } from '../infra/scheduling/exclusive-runner.js';
import { appError } from '../common/errors/app-error.js';
import {
  CHANNEL_PROVIDERS,
  type ChannelEvents,
  type ChannelProviderFactory,
  type ChannelSession,
  type NumberCheck,
  type ProviderCapabilities,
  type StartOptions,
} from './channel-provider.js';
import { AwaitedSession } from './awaited-session.js';
import { ChannelAuthKeysRepository } from './channel-auth-keys.repository.js';
import { ChannelsRepository, type ConnectionRow } from './channels.repository.js';
import { ConnectionLease, type LeaseLoss } from './connection-lease.js';
import { ConnectionSweep } from './connection-sweep.js';
import { INBOUND_SINK, type InboundSink } from './inbound-sink.js';
import { ConnectionStatusStore } from './connection-status.store.js';
import { LiveSession } from './live-session.js';
import { ReconnectTimers } from './reconnect-timers.js';
import { performSessionCommand } from './session-command-executor.js';
import { SessionCommands } from './session-commands.js';
import { SessionDirectory } from './session-directory.js';
import { SessionRouting, STATELESS_OWNER } from './session-routing.js';
import { StatelessSessions } from './stateless-sessions.js';
import { DomainEvents } from '../infra/events/domain-events.js';
import { sessionLifecycleEvents } from './session-lifecycle.js';
import { startSession } from './session-starter.js';
import { REPLAY_WAIT_MS } from './session-traffic.js';

/** How long `betweenOwners` waits for Redis before it calls the connection unavailable. */
const REDIS_PROBE_MS = 500;

/**
 * The session runtime: owns the live provider sessions of this process, keyed by connection id, their lifecycle
 * (start, stop, logout, QR codes) and their reconnects. The pieces around it: ConnectionLease (one process per
 * connection, fenced), SessionRouting + SessionCommands (a session another process runs, reached through Redis with
 * ROLE=api or worker; with ROLE=all everything is local and direct), session-traffic.ts + the InboundSink (events
 * recorded, then processed; replay of what a dead process left) and ConnectionSweep (rows follow reality).
 */
@Injectable()
export class ChannelManager implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ChannelManager');
  private readonly live = new Map<number, LiveSession>();
  private readonly reconnects = new ReconnectTimers();
  /** Starts under way, one after the other per connection. */
  private readonly starting = new Map<number, Promise<void>>();
  /** Logouts and removals under way: the sweep must not start again what is being stopped on purpose. */
  private readonly stopping = new Set<number>();
  private readonly factories: Map<string, ChannelProviderFactory>;
  /** The registry is shared by every app in the process (tests run several): the name is this instance's. */
  private readonly sweepName = `channels:sweep:${randomUUID()}`;
  private readonly sweeper: ConnectionSweep;
  private readonly routing: SessionRouting;
  /** Connections of providers without a long-lived session (Cloud API): any process sends through them. */
  private readonly stateless: StatelessSessions;

  constructor(
    private readonly connections: ChannelsRepository,
    @Inject(CHANNEL_PROVIDERS) factories: ChannelProviderFactory[],
    @Inject(INBOUND_SINK) private readonly pipeline: InboundSink,
    private readonly status: ConnectionStatusStore,
    private readonly lease: ConnectionLease,
    exclusive: ExclusiveRunner,
    private readonly scheduler: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    directory: SessionDirectory,
    commands: SessionCommands,
    private readonly authKeys: ChannelAuthKeysRepository,
    private readonly domainEvents: DomainEvents,
  ) {
    this.factories = new Map(factories.map((f) => [f.provider, f]));
    this.distributed = config.role !== 'all';
    this.routing = new SessionRouting(this.distributed, { lease, directory, commands, factories: this.factories, config });
    this.stateless = new StatelessSessions({ factories: this.factories, status, routing: this.routing, connections });
    this.sweeper = new ConnectionSweep(
      {
        busyHere: (id) => this.busyHere(id) || this.stopping.has(id),
        // A provider this server does not have is still swept: starting it marks it unavailable.
        holdsSessions: (provider) => this.capabilities(provider)?.longLivedSession ?? true,
        resume: (companyId, id) => this.startHere(companyId, id, null, true),
      },
      { connections, lease, status, pipeline, exclusive, routing: this.routing, intervalMs: config.channels.sweepIntervalMs },
    );
    lease.onLost((id, why) => void this.leaseLost(id, why));
    lease.onRetaken((id) => this.leaseRetaken(id));
  }

  /** More than one process shares the sessions (ROLE=api or worker). */
  private readonly distributed: boolean;
  private stopped = false;

  /** What a provider declares it can do and needs (undefined when this server does not have it). */
  capabilities(provider: string): ProviderCapabilities | undefined {
    return this.factories.get(provider)?.capabilities;
  }

  providers(): string[] {
    return [...this.factories.keys()];
  }

  /** Connections that were CONNECTED when the previous process stopped come back at boot, or by the sweep. */
  async onApplicationBootstrap(): Promise<void> {
    this.stopped = false;
    await this.routing.join(
      (command) =>
        performSessionCommand(command, {
          startHere: (companyId, id, options) => this.startHere(companyId, id, options),
          logout: (companyId, id, reason) => this.logout(companyId, id, reason),
          newQrCode: (companyId, id) => this.newQrCode(companyId, id),
          forget: (id) => this.forget(id),
          connectedHere: (companyId, id) => this.connectedHere(companyId, id),
          take: (blob) => this.routing.take(blob),
        }),
      () => this.stopped,
    );
    await this.stateless.load().catch((e: unknown) => this.logger.error(`stateless connections: ${String(e)}`));
    // An API process runs no session: the workers' sweeps start them.
    if (!runsBackgroundWork(this.config)) return;
    const deferred = await this.sweeper.run().catch((e: unknown) => {
      this.logger.error(`sweep: ${String(e)}`);
      return false;
    });
    // A worker's jobs (see SessionGatedWorker) wait for the sessions its first sweep started, at most REPLAY_WAIT_MS.
    void this.firstSessions(deferred).then(openJobs);
    if (this.scheduler.doesExist('interval', this.sweepName)) return;
    this.scheduler.addInterval(this.sweepName, this.sweeper.every());
  }

  /** Starts what nobody runs, marks what nobody shows as disconnected, replays what nobody processes (ConnectionSweep). */
  async sweep(): Promise<void> {
    await this.sweeper.run();
  }

  /**
   * Resolves once the sessions of the boot sweep are up (or REPLAY_WAIT_MS passed). A boot just after Redis came back
   * empty first lets the grace period pass, so the connections it then starts count too.
   */
  private async firstSessions(deferred: boolean): Promise<void> {
    const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
    if (deferred) {
      await wait(this.lease.graceMs);
      await this.sweeper.run().catch(() => false);
    }
    const starting = [...this.live.values()].map((live) => live.settled);
    await Promise.race([Promise.all(starting), wait(REPLAY_WAIT_MS)]);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.sweeper.stop();
    if (this.scheduler.doesExist('interval', this.sweepName)) this.scheduler.deleteInterval(this.sweepName);
    this.reconnects.clear();
    await Promise.allSettled([...this.starting.values()]);
    await Promise.allSettled([...this.live.values()].map((live) => this.stopLive(live)));
    this.live.clear();
    // Handed over only once the sessions are stopped: the next process (or a restart) takes them at once.
    await this.lease.releaseAll();
    await this.pipeline.drain();
  }

  /** Starts the session here, or in the process that runs it (with ROLE=api: in a worker). */
  async start(companyId: number, connectionId: number, options?: StartOptions): Promise<void> {
    const row = await this.row(companyId, connectionId);
    if (this.stateless.handles(row.provider)) {
      await this.stateless.start(companyId, row);
      // Listeners (the Cloud API's template sync) run after the answer: a slow Graph API does not hold the start.
      void this.domainEvents
        .publish('connection.connected', { companyId, connectionId, provider: row.provider })
        .catch((e: unknown) => this.logger.warn(`connection ${connectionId} connected: ${String(e)}`));
      return;
    }
    if (await this.elsewhere(connectionId, true)) {
      await this.routing.send({ op: 'start', companyId, connectionId, args: [options ?? null] }, true);
      return;
    }
    await this.startHere(companyId, connectionId, options);
  }

  /**
   * Starts of one connection run one after the other (the sweep, a reconnect and a user may ask at once). `resuming`
   * (the sweep) starts only a connection that should still run once this process holds its lease: a user's logout
   * marks the row DISCONNECTED before it lets the lease go, so a sweep that read the row just before stops here.
   */
  private startHere(companyId: number, connectionId: number, options?: StartOptions | null, resuming = false): Promise<void> {
    const previous = this.starting.get(connectionId) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(() => this.startNow(companyId, connectionId, options, resuming));
    this.starting.set(connectionId, run);
    const done = () => {
      if (this.starting.get(connectionId) === run) this.starting.delete(connectionId);
    };
    run.then(done, done);
    return run;
  }

  private async startNow(companyId: number, connectionId: number, options?: StartOptions | null, resuming = false): Promise<void> {
    // A stopping process starts nothing: the session would outlive it, and the next process takes the connection over.
    if (this.stopped) throw appError('ERR_SERVICE_UNAVAILABLE', 'The server is stopping');
    this.reconnects.cancel(connectionId);
    const existing = this.live.get(connectionId);
    if (existing) await this.stopLive(existing);
    if (resuming && this.stopping.has(connectionId)) return;
    await startSession(companyId, connectionId, options, resuming, {
      lease: this.lease,
      authKeys: this.authKeys,
      status: this.status,
      pipeline: this.pipeline,
      factories: this.factories,
      row: (company, id) => this.row(company, id),
      eventsFor: (live) => this.eventsFor(live),
      fencedOff: (live) => void this.leaseLost(connectionId, 'fenced', live),
      live: this.live,
    });
  }

  /**
   * This process no longer holds the connection's lease: another took it (Redis lost the key meanwhile), a newer
   * session fenced this one off, or Redis stayed unreachable too long to renew it. The session stops at once, before
   * anyone else could start one ('unreachable' leaves a third of the TTL for that); the sweep starts it again once
   * the lease is free.
   */
  private async leaseLost(connectionId: number, why: LeaseLoss | 'fenced', only?: LiveSession): Promise<void> {
    const live = this.live.get(connectionId);
    if (only && live !== only) return;
    this.reconnects.cancel(connectionId);
    if (live) {
      this.logger.warn(`connection ${connectionId}: lease lost (${why}); session stopped here`);
      await this.stopLive(live);
    }
    if (why === 'fenced') await this.lease.release(connectionId);
    if (why === 'unreachable' && live) {
      await this.status
        .set(live.ref.companyId, connectionId, { status: 'OPENING', disconnectReason: 'Aguardando o Redis para retomar a sessão' })
        .catch((e: unknown) => this.logger.warn(`connection ${connectionId}: ${String(e)}`));
    }
  }

  /** Redis lost the lease and this process set it again: it still runs the newest session (the fence says so). */
  private async leaseRetaken(connectionId: number): Promise<boolean> {
    const live = this.live.get(connectionId);
    if (!live) return true;
    if (!(await this.authKeys.fenceHolds(live.ref.companyId, connectionId, live.fence))) return false;
    // The session directory was in the Redis that was lost: the API processes learn again where the session runs.
    if (live.connected) {
      await this.routing
        .announce(connectionId, live.ref.companyId, live.provider)
        .catch((e: unknown) => this.logger.warn(`announce ${connectionId}: ${String(e)}`));
    }
    return true;
  }

  /**
   * Whether a session should run but is between two processes (its old holder died, or this process is starting it):
   * a customer's phone should try again in a moment. False when nothing should run, or another live process runs it.
   */
  async betweenOwners(companyId: number, connectionId: number): Promise<boolean> {
    if (!runsBackgroundWork(this.config)) return false;
    const live = this.live.get(connectionId);
    if (live) return live.ref.companyId === companyId && !live.connected && !live.linking;
    if (this.reconnects.pending(connectionId) || this.starting.has(connectionId)) return true;
    const row = await this.connections.connection(companyId, connectionId);
    if (!row || (row.status !== 'CONNECTED' && row.status !== 'OPENING')) return false;
    // Redis away (no answer within a moment): nobody can take the connection over now; the phone tries again later.
    const within = <T>(work: Promise<T>) =>
      Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('Redis is not answering')), REDIS_PROBE_MS).unref())]);
    try {
      const holder = await within(this.lease.holder(connectionId));
      if (!holder || this.lease.isOurs(holder)) return true;
      return !this.distributed || !(await within(this.routing.ownerAlive(holder)));
    } catch {
      return true;
    }
  }

  /** A fresh QR code: forget the linked device and start over. */
  async newQrCode(companyId: number, connectionId: number): Promise<void> {
    if (this.stateless.handles((await this.row(companyId, connectionId)).provider)) {
      throw appError('ERR_BAD_REQUEST', 'This connection is not linked by a QR code');
    }
    if (await this.elsewhere(connectionId)) {
      await this.routing.send({ op: 'newQrCode', companyId, connectionId, args: [] });
      return;
    }
    await this.logout(companyId, connectionId);
    await this.start(companyId, connectionId);
  }

  /** Unlinks the device and keeps the connection DISCONNECTED. */
  async logout(companyId: number, connectionId: number, reason = 'Desconectado pelo usuário'): Promise<void> {
    const row = await this.connections.connection(companyId, connectionId);
    if (row && this.stateless.handles(row.provider)) {
      await this.stateless.stop(connectionId);
      await this.status.set(companyId, connectionId, { status: 'DISCONNECTED', qrcode: null, retries: 0, disconnectReason: reason });
      return;
    }
    if (await this.elsewhere(connectionId)) {
      await this.routing.send({ op: 'logout', companyId, connectionId, args: [reason] });
      return;
    }
    this.reconnects.cancel(connectionId);
    this.stopping.add(connectionId);
    try {
      await this.unlinkHere(connectionId);
      // The row says DISCONNECTED before the lease is free: whoever takes the lease next sees it (startNow).
      await this.status.clearCredentials(companyId, connectionId);
      await this.status.set(companyId, connectionId, { status: 'DISCONNECTED', qrcode: null, retries: 0, disconnectReason: reason });
      await this.lease.release(connectionId);
    } finally {
      this.stopping.delete(connectionId);
    }
  }

  /** Stops a session without touching the row (the connection is being deleted). */
  async forget(connectionId: number): Promise<void> {
    await this.stateless.stop(connectionId);
    if (await this.elsewhere(connectionId)) {
      await this.routing.send({ op: 'forget', companyId: 0, connectionId, args: [] });
      return;
    }
    this.reconnects.cancel(connectionId);
    this.stopping.add(connectionId);
    try {
      await this.unlinkHere(connectionId);
      await this.lease.release(connectionId);
    } finally {
      this.stopping.delete(connectionId);
    }
  }

  /** The connected session of a connection, for sending. */
  session(companyId: number, connectionId: number): ChannelSession {
    const stateless = this.stateless.session(companyId, connectionId);
    if (stateless) return stateless;
    const live = this.live.get(connectionId);
    if (live?.connected && live.ref.companyId === companyId) return live.session;
    // Taking the connection over (its session is connecting, no QR code involved): a send waits for it a little.
    if (live && !live.linking && !live.stopping && live.ref.companyId === companyId) {
      return new AwaitedSession(
        () => this.connectedHere(companyId, connectionId),
        () => live.session.newMessageId(),
      );
    }
    const remote = this.routing.remote(connectionId);
    if (!live && remote?.companyId === companyId && remote.owner !== STATELESS_OWNER)
      return this.routing.remoteSession(companyId, connectionId, remote.provider);
    throw appError('ERR_WAPP_NOT_INITIALIZED', 'The connection is not connected');
  }

  isConnected(connectionId: number): boolean {
    const live = this.live.get(connectionId);
    return live ? live.connected : this.stateless.connected(connectionId) || this.routing.remote(connectionId) !== undefined;
  }

  /** Checks a number through a connected session of the company (the default one first); null when none is connected. */
  async checkNumber(companyId: number, number: string, preferredConnectionId?: number | null): Promise<NumberCheck | null> {
    const candidates = [...this.live.values()].filter((l) => l.ref.companyId === companyId && l.connected).map((l) => l.ref.id);
    candidates.push(...this.routing.remoteOfCompany(companyId).filter((id) => !this.live.has(id)));
    const chosen = candidates.find((id) => id === preferredConnectionId) ?? candidates[0];
    if (chosen === undefined) return null;
    try {
      return await this.session(companyId, chosen).checkNumber(number);
    } catch {
      throw appError('ERR_WAPP_CHECK_CONTACT', 'The number could not be checked');
    }
  }

  private eventsFor(live: LiveSession): ChannelEvents {
    return sessionLifecycleEvents(live, {
      status: this.status,
      routing: this.routing,
      lease: this.lease,
      pipeline: this.pipeline,
      reconnects: this.reconnects,
      logger: this.logger,
      forgetIfCurrent: (current) => {
        if (current.stopping || this.live.get(current.ref.id) !== current) return false;
        this.live.delete(current.ref.id);
        return true;
      },
      giveUp: (current, reason) => this.giveUp(current, reason),
      restart: (ref) => this.start(ref.companyId, ref.id),
    });
  }

  private async giveUp(live: LiveSession, reason: string): Promise<void> {
    live.stopping = true;
    live.settle();
    this.live.delete(live.ref.id);
    await live.session.stop().catch(() => undefined);
    await this.routing.unlist(live.ref.id);
    await this.status.set(live.ref.companyId, live.ref.id, { status: 'DISCONNECTED', qrcode: null, retries: 0, disconnectReason: reason });
    await this.lease.release(live.ref.id);
  }

  /** Logs the session this process runs out of its device (a logout, a deleted connection) and unlists it. */
  private async unlinkHere(connectionId: number): Promise<void> {
    const live = this.live.get(connectionId);
    if (!live) return;
    live.stopping = true;
    live.settle();
    this.live.delete(connectionId);
    await live.session.logout().catch((error: unknown) => this.logger.warn(`logout ${connectionId}: ${String(error)}`));
    await this.routing.unlist(connectionId);
  }

  private async stopLive(live: LiveSession): Promise<void> {
    live.stopping = true;
    live.settle();
    if (this.live.get(live.ref.id) === live) this.live.delete(live.ref.id);
    await live.session.stop().catch((e: unknown) => this.logger.warn(`stop ${live.ref.id}: ${String(e)}`));
    await this.routing.unlist(live.ref.id);
  }

  /** This process runs, starts or reconnects the connection. */
  private busyHere(connectionId: number): boolean {
    return this.live.has(connectionId) || this.reconnects.pending(connectionId) || this.starting.has(connectionId);
  }

  /** Another process runs the connection (or, with `orNobody`, this one is an API process and nobody runs it). */
  private elsewhere(connectionId: number, orNobody = false): Promise<boolean> {
    return this.routing.elsewhere(connectionId, this.busyHere(connectionId), orNobody);
  }

  /** The session of a connection this process runs, waiting a little for one that is still connecting (a takeover). */
  private async connectedHere(companyId: number, connectionId: number): Promise<ChannelSession> {
    const starting = this.starting.get(connectionId);
    if (starting) await starting.catch(() => undefined);
    const live = this.live.get(connectionId);
    if (live && !live.connected) await live.settledWithin(Math.min(this.config.channels.leaseTtlMs, REPLAY_WAIT_MS));
    const current = this.live.get(connectionId);
    if (!current?.connected || current.ref.companyId !== companyId) throw appError('ERR_WAPP_NOT_INITIALIZED', 'The connection is not connected');
    return current.session;
  }

  private async row(companyId: number, connectionId: number): Promise<ConnectionRow> {
    const row = await this.connections.connection(companyId, connectionId);
    if (!row) throw appError('ERR_NO_WAPP_FOUND');
    return row;
  }
}
