import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { generateMessageIDV2 } from '@whiskeysockets/baileys';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { ChannelEvents, ChannelProviderFactory, ChannelSession, ConnectionRef, SessionLease } from '../channel-provider.js';
import { LINKED_DEVICE_CAPABILITIES } from '../channel-provider.js';
import { BaileysSession } from './baileys-session.js';
import { clearAuthState, PostgresAuthKeyStore } from './postgres-auth-state.js';
import { makeBaileysSocket, type SocketFactory } from './socket.js';

/** Sessions over the WhatsApp Web multi-device protocol (Baileys), provider `beta`. */
@Injectable()
export class BaileysProviderFactory implements ChannelProviderFactory {
  readonly provider = 'beta';
  readonly capabilities = LINKED_DEVICE_CAPABILITIES;
  private makeSocket: SocketFactory = makeBaileysSocket;

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'whatsappWebSocketUrl'>,
  ) {}

  /** Replaces the real WhatsApp socket, for tests. */
  setSocketFactory(factory: SocketFactory): void {
    this.makeSocket = factory;
  }

  create(connection: ConnectionRef, events: ChannelEvents, lease?: SessionLease): ChannelSession {
    const url = this.config.whatsappWebSocketUrl;
    const makeSocket = this.makeSocket;
    return new BaileysSession(connection, events, {
      store: new PostgresAuthKeyStore(this.em, connection.companyId, connection.id, lease),
      makeSocket: url ? (socketConfig) => makeSocket({ ...socketConfig, waWebSocketUrl: url }) : makeSocket,
    });
  }

  newMessageId(): string {
    return generateMessageIDV2();
  }

  /** Forgets a connection's WhatsApp credentials without a live session (e.g. a reset from the admin screen). */
  clearAuthState(companyId: number, whatsappId: number): Promise<void> {
    return clearAuthState(this.em, companyId, whatsappId);
  }
}
