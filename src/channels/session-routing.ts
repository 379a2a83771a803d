import { Logger } from '@nestjs/common';
import { appError } from '../common/errors/app-error.js';
import { type AppConfig, runsBackgroundWork } from '../config/app-config.js';
import type { ChannelProviderFactory, ChannelSession } from './channel-provider.js';
import type { ConnectionLease } from './connection-lease.js';
import { RemoteSession } from './remote-session.js';
import type { CommandExecutor, SessionCommand, SessionCommands } from './session-commands.js';
import type { DirectoryEntry, SessionDirectory } from './session-directory.js';

/** The directory's owner of a stateless provider's connection (no process runs it; any may send through it). */
export const STATELESS_OWNER = '*';

/**
 * Where a connection's session runs when several processes share them (ROLE=api or worker): the lease says who
 * holds it, the directory mirrors who is connected, commands carry calls to that process. With ROLE=all everything is
 * local and every answer here says so.
 */
export class SessionRouting {
  private readonly logger = new Logger('SessionRouting');

  constructor(
    readonly distributed: boolean,
    private readonly deps: {
      lease: ConnectionLease;
      directory: SessionDirectory;
      commands: SessionCommands;
      factories: Map<string, ChannelProviderFactory>;
      config: AppConfig;
    },
  ) {}

  /**
   * Another process runs the connection (or, with `orNobody`, this one is an API process and nobody runs it).
   * `busyHere`: this process runs, starts or reconnects it.
   */
  async elsewhere(connectionId: number, busyHere: boolean, orNobody = false): Promise<boolean> {
    if (!this.distributed || busyHere) return false;
    const { lease, config } = this.deps;
    const holder = await lease.holder(connectionId);
    if (holder) return !lease.isOurs(holder);
    return orNobody && !runsBackgroundWork(config);
  }

  /** Sends a lifecycle command (start, logout, a new QR code, forget) to the process that runs the connection. */
  send(command: SessionCommand, orAny = false): Promise<unknown> {
    return this.deps.commands.call(command, { orAny });
  }

  /** The directory entry of a connection another process runs. */
  remote(connectionId: number): DirectoryEntry | undefined {
    if (!this.distributed) return undefined;
    const entry = this.deps.directory.get(connectionId);
    return entry && entry.owner !== this.deps.lease.owner ? entry : undefined;
  }

  /** Every connection the directory lists as run by a process (stateless ones have no process: see STATELESS_OWNER). */
  listed(): number[] {
    return this.distributed ? this.deps.directory.all().filter((id) => this.deps.directory.get(id)?.owner !== STATELESS_OWNER) : [];
  }

  /** A connection of a stateless provider is connected: every process may send through it. */
  async announceStateless(connectionId: number, companyId: number, provider: string): Promise<void> {
    if (this.distributed) await this.deps.directory.announce(connectionId, { companyId, provider, owner: STATELESS_OWNER });
  }

  async withdrawStateless(connectionId: number): Promise<void> {
    if (this.distributed)
      await this.deps.directory.withdraw(connectionId, STATELESS_OWNER).catch((e: unknown) => this.logger.warn(`withdraw ${connectionId}: ${String(e)}`));
  }

  /** Connections of the company that other processes run. */
  remoteOfCompany(companyId: number): number[] {
    return this.distributed ? this.deps.directory.ofCompany(companyId).filter((id) => this.deps.directory.get(id)?.owner !== STATELESS_OWNER) : [];
  }

  /** A handle whose every call is a command to the process that runs the connection. */
  remoteSession(companyId: number, connectionId: number, provider: string): ChannelSession {
    const factory = this.deps.factories.get(provider);
    if (!factory) throw appError('ERR_PROVIDER_UNAVAILABLE', `Provider ${provider} is not available on this server`);
    return new RemoteSession({ companyId, connectionId }, this.deps.commands, () => factory.newMessageId());
  }

  /** This process's session connected: the others route its calls here. */
  async announce(connectionId: number, companyId: number, provider: string): Promise<void> {
    if (this.distributed) await this.deps.directory.announce(connectionId, { companyId, provider, owner: this.deps.lease.owner });
  }

  /** This process no longer runs the connection: the others stop routing to it. */
  async unlist(connectionId: number): Promise<void> {
    if (this.distributed)
      await this.deps.directory.withdraw(connectionId, this.deps.lease.owner).catch((e: unknown) => this.logger.warn(`unlist ${connectionId}: ${String(e)}`));
  }

  /** Of these connections, those whose directory entry outlived their lease (a dead process): withdrawn. */
  async purgeUnheld(connectionIds: number[]): Promise<void> {
    const held = await this.deps.lease.taken(connectionIds);
    await this.deps.directory.purge(connectionIds.filter((id) => !held.has(id)));
  }

  /**
   * Listens to the directory and, in a session process, serves commands; with Redis away at boot it tries again every
   * sweep interval until `stopped` says the process is going.
   */
  async join(execute: CommandExecutor, stopped: () => boolean): Promise<void> {
    if (!this.distributed || stopped()) return;
    try {
      await this.deps.directory.start();
      if (runsBackgroundWork(this.deps.config)) await this.deps.commands.serve(execute);
    } catch (error) {
      this.logger.warn(`session directory and commands not reachable yet: ${String(error)}`);
      setTimeout(() => void this.join(execute, stopped), this.deps.config.channels.sweepIntervalMs).unref();
    }
  }

  /** Whether the process holding a lease is alive (it listens for its commands). */
  ownerAlive(owner: string): Promise<boolean> {
    return this.deps.commands.ownerAlive(owner);
  }

  /** The bytes of a media send another process stashed for this one. */
  take(blob: string): Promise<Buffer> {
    return this.deps.commands.take(blob);
  }
}
