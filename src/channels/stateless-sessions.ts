import { Logger } from '@nestjs/common';
import { appError } from '../common/errors/app-error.js';
import type { ChannelEvents, ChannelProviderFactory, ChannelSession, ConnectionRef } from './channel-provider.js';
import type { ChannelsRepository, ConnectionRow } from './channels.repository.js';
import type { ConnectionStatusStore } from './connection-status.store.js';
import { FencedSession } from './fenced-session.js';
import { STATELESS_OWNER, type SessionRouting } from './session-routing.js';

interface Held {
  companyId: number;
  session: ChannelSession;
}

const ignore = (): void => undefined;
const recordedElsewhere = (): Promise<void> => Promise.reject(appError('ERR_BAD_REQUEST', 'This provider delivers its events by webhook'));

/**
 * Connections of providers without a long-lived session (the WhatsApp Cloud API): no lease, no worker, no reconnect,
 * no sweep. Starting one checks its credentials and marks it CONNECTED; from then on every process builds its own
 * session on demand (the session directory tells the others, under STATELESS_OWNER). Inbound events come by webhook.
 */
export class StatelessSessions {
  private readonly logger = new Logger('StatelessSessions');
  private readonly held = new Map<number, Held>();

  constructor(
    private readonly deps: {
      factories: Map<string, ChannelProviderFactory>;
      status: ConnectionStatusStore;
      routing: SessionRouting;
      connections: ChannelsRepository;
    },
  ) {}

  /** Whether connections of this provider are handled here (it declares no long-lived session). */
  handles(provider: string): boolean {
    return this.deps.factories.get(provider)?.capabilities.longLivedSession === false;
  }

  /** The connected ones as the database says, so this process can send through them at once after a start. */
  async load(): Promise<void> {
    const providers = [...this.deps.factories.values()].filter((f) => !f.capabilities.longLivedSession).map((f) => f.provider);
    if (!providers.length) return;
    for (const row of await this.deps.connections.connectedOf(providers)) this.hold(row.company_id, row);
  }

  /** Checks the credentials (the session's start) and marks the connection CONNECTED, or DISCONNECTED with why not. */
  async start(companyId: number, row: ConnectionRow): Promise<void> {
    const { status, routing } = this.deps;
    await status.set(companyId, row.id, { status: 'OPENING', qrcode: null, retries: 0 });
    const session = this.build(companyId, row, (phoneNumber) =>
      status.set(companyId, row.id, { status: 'CONNECTED', qrcode: null, retries: 0, phoneNumber, disconnectReason: null }),
    );
    try {
      await session.start();
    } catch (error) {
      this.held.delete(row.id);
      await routing.withdrawStateless(row.id);
      const reason = error instanceof Error ? error.message : String(error);
      await status.set(companyId, row.id, { status: 'DISCONNECTED', disconnectReason: reason.slice(0, 500) });
      throw error;
    }
    this.held.set(row.id, { companyId, session });
    await routing.announceStateless(row.id, companyId, row.provider);
  }

  /** The connection stops being used: no process sends through it any more. */
  async stop(connectionId: number): Promise<void> {
    this.held.delete(connectionId);
    await this.deps.routing.withdrawStateless(connectionId);
  }

  /** A session for sending, when the connection is connected (here or, as the directory says, elsewhere). */
  session(companyId: number, connectionId: number): ChannelSession | null {
    const held = this.held.get(connectionId);
    if (held) return held.companyId === companyId ? held.session : null;
    const entry = this.deps.routing.remote(connectionId);
    if (entry?.owner !== STATELESS_OWNER || entry.companyId !== companyId) return null;
    return this.hold(companyId, { id: connectionId, company_id: companyId, name: '', provider: entry.provider, is_default: false, status: 'CONNECTED' });
  }

  connected(connectionId: number): boolean {
    return this.held.has(connectionId) || this.deps.routing.remote(connectionId)?.owner === STATELESS_OWNER;
  }

  private hold(companyId: number, row: ConnectionRow): ChannelSession {
    const session = this.build(companyId, row, () => Promise.resolve());
    this.held.set(row.id, { companyId, session });
    return session;
  }

  private build(companyId: number, row: ConnectionRow, connected: (phoneNumber: string | null) => Promise<void>): ChannelSession {
    const factory = this.deps.factories.get(row.provider);
    if (!factory) throw appError('ERR_PROVIDER_UNAVAILABLE', `Provider ${row.provider} is not available on this server`);
    const ref: ConnectionRef = { id: row.id, companyId, name: row.name };
    const events: ChannelEvents = {
      qr: ignore,
      pairingCode: ignore,
      connected: ({ phoneNumber }) => void connected(phoneNumber ?? null).catch((e: unknown) => this.logger.warn(`connection ${row.id}: ${String(e)}`)),
      closed: ignore,
      message: recordedElsewhere,
      ack: recordedElsewhere,
      edit: recordedElsewhere,
      revoke: recordedElsewhere,
      call: recordedElsewhere,
    };
    // No lease to hold (any process sends); the wrapper counts the sends like a session's.
    return new FencedSession(factory.create(ref, events), () => true, factory.provider);
  }
}
