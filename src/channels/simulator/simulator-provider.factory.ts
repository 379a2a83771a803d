import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { appError } from '../../common/errors/app-error.js';
import { ChannelAuthKeysRepository, fencedWrite } from '../channel-auth-keys.repository.js';
import type { ChannelEvents, ChannelProviderFactory, ConnectionRef, SessionLease } from '../channel-provider.js';
import { LINKED_DEVICE_CAPABILITIES } from '../channel-provider.js';
import { SimulatorSession, type SimulatorLinkStore, type SimulatorWire } from './simulator-session.js';

export const SIMULATOR_PROVIDER = 'simulator';

/** What the simulator keeps as a linked phone's credentials. */
const SIMULATOR_CREDENTIALS = '{"simulator":true}';

/**
 * Keeps the "linked" flag where real credentials live (channel_auth_keys), so logout and new QR behave alike; like
 * Baileys' credential writes, a link or unlink names the session's fencing token and is refused (the session stops)
 * once another session of the connection started.
 */
export class AuthKeyLinkStore implements SimulatorLinkStore {
  constructor(
    private readonly keys: ChannelAuthKeysRepository,
    private readonly lease?: SessionLease,
  ) {}

  isLinked(ref: ConnectionRef): Promise<boolean> {
    return this.keys.hasCredentials(ref.companyId, ref.id);
  }

  link(ref: ConnectionRef): Promise<void> {
    if (!this.lease) return this.keys.linkSimulator(ref.companyId, ref.id);
    return this.fenced(this.keys.write(ref.companyId, ref.id, [{ type: 'creds', keyId: 'creds', value: SIMULATOR_CREDENTIALS }], this.lease.token));
  }

  unlink(ref: ConnectionRef): Promise<void> {
    return this.fenced(this.keys.clear(ref.companyId, ref.id, this.lease?.token));
  }

  private fenced(work: Promise<void>): Promise<void> {
    return fencedWrite(work, this.lease);
  }
}

/** The built-in fake phone (enabled outside production only). */
@Injectable()
export class SimulatorProviderFactory implements ChannelProviderFactory {
  readonly provider = SIMULATOR_PROVIDER;
  readonly capabilities = LINKED_DEVICE_CAPABILITIES;
  private readonly sessions = new Map<number, SimulatorSession>();
  private readonly wire: SimulatorWire;

  constructor(
    private readonly keys: ChannelAuthKeysRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.wire = wireLog(join(config.dataDir, 'simulator'));
  }

  create(connection: ConnectionRef, events: ChannelEvents, lease?: SessionLease): SimulatorSession {
    const session = new SimulatorSession(
      connection,
      events,
      new AuthKeyLinkStore(this.keys, lease),
      () => {
        if (this.sessions.get(connection.id) === session) this.sessions.delete(connection.id);
      },
      this.wire,
    );
    this.sessions.set(connection.id, session);
    return session;
  }

  /** The same kind of id as SimulatorSession.newMessageId. */
  newMessageId(): string {
    return `SIM${randomBytes(10).toString('hex').toUpperCase()}`;
  }

  /** The live simulated phone of a connection of this company. */
  session(companyId: number, connectionId: number): SimulatorSession {
    const session = this.sessions.get(connectionId);
    if (!session || session.ref.companyId !== companyId) throw appError('ERR_WAPP_NOT_INITIALIZED', 'No simulated phone is running for this connection');
    return session;
  }
}

/**
 * The fake WhatsApp's own record of what it received, one JSON line per send in `{dir}/wire-{connectionId}.jsonl`,
 * written before the send returns: it outlives a killed process, as a real phone's chat would. Sends still on their
 * way over a slow link go to `{dir}/under-way-{connectionId}.jsonl`.
 */
export function wireLog(dir: string): SimulatorWire {
  let ready = false;
  return (entry) => {
    if (!ready) {
      mkdirSync(dir, { recursive: true });
      ready = true;
    }
    const file = entry.underWay ? `under-way-${entry.connectionId}.jsonl` : `wire-${entry.connectionId}.jsonl`;
    appendFileSync(join(dir, file), `${JSON.stringify(entry)}\n`);
  };
}
