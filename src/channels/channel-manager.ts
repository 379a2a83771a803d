import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../common/errors/app-error.js';
import { InboundPipeline } from '../modules/messages/inbound-pipeline.js';
import {
  CHANNEL_PROVIDERS,
  type ChannelEvents,
  type ChannelProviderFactory,
  type ChannelSession,
  type ConnectionRef,
  type NumberCheck,
  type StartOptions,
} from './channel-provider.js';
import { ConnectionLease } from './connection-lease.js';
import { ConnectionStatusStore } from './connection-status.store.js';
import { MAX_QR_REFRESHES, reconnectDelayMs } from './reconnect-policy.js';

/** One running session; the provider session is attached right after the events that reference it exist. */
class LiveSession {
  session!: ChannelSession;
  connected = false;
  qrCount = 0;
  stopping = false;

  constructor(readonly ref: ConnectionRef) {}
}

interface ConnectionRow {
  id: number;
  company_id: number;
  name: string;
  provider: string;
  is_default: boolean;
}

/** Owns the live provider sessions of this process, keyed by connection id, and their reconnect policy. */
@Injectable()
export class ChannelManager implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ChannelManager');
  private readonly live = new Map<number, LiveSession>();
  private readonly attempts = new Map<number, number>();
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private readonly factories: Map<string, ChannelProviderFactory>;

  constructor(
    private readonly em: EntityManager,
    @Inject(CHANNEL_PROVIDERS) factories: ChannelProviderFactory[],
    private readonly pipeline: InboundPipeline,
    private readonly status: ConnectionStatusStore,
    private readonly lease: ConnectionLease,
  ) {
    this.factories = new Map(factories.map((f) => [f.provider, f]));
  }

  providers(): string[] {
    return [...this.factories.keys()];
  }

  /** Connections that were CONNECTED when the previous process stopped come back by themselves. */
  async onApplicationBootstrap(): Promise<void> {
    const rows = await this.em
      .getConnection()
      .execute<ConnectionRow[]>(`select id, company_id, name, provider, is_default from whatsapps where status = 'CONNECTED' order by id`);
    // Connections whose lease another process holds stay with that process.
    await Promise.allSettled(rows.map((row) => this.start(row.company_id, row.id)));
  }

  async onApplicationShutdown(): Promise<void> {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.live.values()].map(async (live) => {
      await this.stopLive(live);
      await this.lease.release(live.ref.id);
    }));
    this.live.clear();
    await this.pipeline.drain();
  }

  async start(companyId: number, connectionId: number, options?: StartOptions): Promise<void> {
    this.cancelReconnect(connectionId);
    const existing = this.live.get(connectionId);
    if (existing) await this.stopLive(existing);
    const row = await this.row(companyId, connectionId);
    if (!(await this.lease.acquire(connectionId))) {
      throw new AppError('ERR_SESSION_IN_OTHER_PROCESS', 409, {}, 'Another server process runs this connection');
    }
    const factory = this.factories.get(row.provider);
    if (!factory) {
      await this.status.set(companyId, connectionId, { status: 'DISCONNECTED', disconnectReason: `Provider ${row.provider} is not available` });
      throw new AppError('ERR_PROVIDER_UNAVAILABLE', 400, {}, `Provider ${row.provider} is not available on this server`);
    }
    const ref: ConnectionRef = { id: row.id, companyId, name: row.name };
    const live = new LiveSession(ref);
    live.session = factory.create(ref, this.eventsFor(live));
    this.live.set(connectionId, live);
    await this.status.set(companyId, connectionId, { status: 'OPENING', retries: 0 });
    try {
      await live.session.start(options);
    } catch (error) {
      this.live.delete(connectionId);
      await this.status.set(companyId, connectionId, { status: 'DISCONNECTED', disconnectReason: error instanceof Error ? error.message : String(error) });
      throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400, {}, 'The session could not start');
    }
  }

  /** A fresh QR code: forget the linked device and start over. */
  async newQrCode(companyId: number, connectionId: number): Promise<void> {
    await this.logout(companyId, connectionId);
    await this.start(companyId, connectionId);
  }

  /** Unlinks the device and keeps the connection DISCONNECTED. */
  async logout(companyId: number, connectionId: number, reason = 'Desconectado pelo usuário'): Promise<void> {
    this.cancelReconnect(connectionId);
    const live = this.live.get(connectionId);
    if (live) {
      live.stopping = true;
      this.live.delete(connectionId);
      await live.session.logout().catch((error: unknown) => this.logger.warn(`logout ${connectionId}: ${String(error)}`));
    }
    await this.lease.release(connectionId);
    await this.status.clearCredentials(companyId, connectionId);
    await this.status.set(companyId, connectionId, { status: 'DISCONNECTED', qrcode: null, retries: 0, disconnectReason: reason });
  }

  /** Stops a session without touching the row (the connection is being deleted). */
  async forget(connectionId: number): Promise<void> {
    this.cancelReconnect(connectionId);
    const live = this.live.get(connectionId);
    this.live.delete(connectionId);
    if (live) {
      live.stopping = true;
      await live.session.logout().catch(() => undefined);
    }
    await this.lease.release(connectionId);
  }

  /** The connected session of a connection, for sending. */
  session(companyId: number, connectionId: number): ChannelSession {
    const live = this.live.get(connectionId);
    if (!live || live.ref.companyId !== companyId || !live.connected) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400, {}, 'The connection is not connected');
    return live.session;
  }

  isConnected(connectionId: number): boolean {
    return this.live.get(connectionId)?.connected ?? false;
  }

  /** Checks a number through a connected session of the company (the default one first); null when none is connected. */
  async checkNumber(companyId: number, number: string, preferredConnectionId?: number | null): Promise<NumberCheck | null> {
    const candidates = [...this.live.values()].filter((l) => l.ref.companyId === companyId && l.connected);
    const chosen = candidates.find((l) => l.ref.id === preferredConnectionId) ?? candidates[0];
    if (!chosen) return null;
    try {
      return await chosen.session.checkNumber(number);
    } catch {
      throw new AppError('ERR_WAPP_CHECK_CONTACT', 502, {}, 'The number could not be checked');
    }
  }

  private eventsFor(live: LiveSession): ChannelEvents {
    const { companyId, id } = live.ref;
    const report = (promise: Promise<unknown>) => void promise.catch((e: unknown) => this.logger.error(`connection ${id}: ${String(e)}`));
    return {
      qr: (qr) => {
        live.qrCount += 1;
        if (live.qrCount > MAX_QR_REFRESHES) {
          report(this.giveUp(live, 'QR code não lido a tempo'));
          return;
        }
        report(this.status.set(companyId, id, { status: 'qrcode', qrcode: qr, retries: live.qrCount }));
      },
      pairingCode: (code) => report(this.status.set(companyId, id, { status: 'PAIRING', pairingCode: code })),
      connected: ({ phoneNumber }) => {
        live.connected = true;
        live.qrCount = 0;
        this.attempts.delete(id);
        report(this.status.set(companyId, id, { status: 'CONNECTED', qrcode: null, retries: 0, phoneNumber: phoneNumber ?? null }));
      },
      closed: (info) => {
        live.connected = false;
        if (live.stopping || this.live.get(id) !== live) return;
        this.live.delete(id);
        if (info.loggedOut) {
          report(
            this.lease
              .release(id)
              .then(() => this.status.clearCredentials(companyId, id))
              .then(() => this.status.set(companyId, id, { status: 'DISCONNECTED', qrcode: null, disconnectReason: info.reason })),
          );
          return;
        }
        this.scheduleReconnect(live.ref, info.reason);
      },
      message: (message) => void this.pipeline.message(live.ref, message, live.session),
      ack: (providerId, ack) => void this.pipeline.ack(live.ref, providerId, ack),
      edit: (providerId, body, editedAt) => void this.pipeline.edit(live.ref, providerId, body, editedAt),
      revoke: (providerId) => void this.pipeline.revoke(live.ref, providerId),
      call: (call) => void this.pipeline.call(live.ref, call, live.session),
    };
  }

  /** Transient closes reconnect with exponential backoff and jitter, without a new QR code. */
  private scheduleReconnect(ref: ConnectionRef, reason: string): void {
    const attempt = this.attempts.get(ref.id) ?? 0;
    this.attempts.set(ref.id, attempt + 1);
    const delay = reconnectDelayMs(attempt);
    this.logger.warn(`connection ${ref.id} closed (${reason}); reconnecting in ${delay} ms`);
    void this.status.set(ref.companyId, ref.id, { status: 'OPENING', disconnectReason: reason }).catch(() => undefined);
    const timer = setTimeout(() => {
      this.timers.delete(ref.id);
      this.start(ref.companyId, ref.id).catch((e: unknown) => this.logger.error(`reconnect ${ref.id}: ${String(e)}`));
    }, delay);
    timer.unref();
    this.timers.set(ref.id, timer);
  }

  private cancelReconnect(connectionId: number): void {
    const timer = this.timers.get(connectionId);
    if (timer) clearTimeout(timer);
    this.timers.delete(connectionId);
  }

  private async giveUp(live: LiveSession, reason: string): Promise<void> {
    live.stopping = true;
    this.live.delete(live.ref.id);
    await live.session.stop().catch(() => undefined);
    await this.lease.release(live.ref.id);
    await this.status.set(live.ref.companyId, live.ref.id, { status: 'DISCONNECTED', qrcode: null, retries: 0, disconnectReason: reason });
  }

  private async stopLive(live: LiveSession): Promise<void> {
    live.stopping = true;
    if (this.live.get(live.ref.id) === live) this.live.delete(live.ref.id);
    await live.session.stop().catch((e: unknown) => this.logger.warn(`stop ${live.ref.id}: ${String(e)}`));
  }

  private async row(companyId: number, connectionId: number): Promise<ConnectionRow> {
    const rows = await this.em
      .getConnection()
      .execute<ConnectionRow[]>('select id, company_id, name, provider, is_default from whatsapps where id = ? and company_id = ?', [connectionId, companyId]);
    if (!rows[0]) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    return rows[0];
  }
}
