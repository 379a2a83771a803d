import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { appError } from '../../common/errors/app-error.js';
import type { ChannelEvents, ChannelProviderFactory, ConnectionRef } from '../channel-provider.js';
import { SimulatorSession, type SimulatorLinkStore } from './simulator-session.js';

export const SIMULATOR_PROVIDER = 'simulator';

/** Keeps the "linked" flag where real credentials live (channel_auth_keys), so logout and new QR behave alike. */
class AuthKeyLinkStore implements SimulatorLinkStore {
  constructor(private readonly em: EntityManager) {}

  async isLinked(ref: ConnectionRef): Promise<boolean> {
    const rows = await this.em
      .getConnection()
      .execute<unknown[]>(`select 1 from channel_auth_keys where company_id = ? and whatsapp_id = ? and type = 'creds'`, [ref.companyId, ref.id]);
    return rows.length > 0;
  }

  async link(ref: ConnectionRef): Promise<void> {
    await this.em.getConnection().execute(
      `insert into channel_auth_keys (company_id, whatsapp_id, type, key_id, value, created_at, updated_at)
       values (?, ?, 'creds', 'creds', '{"simulator":true}', now(), now())
       on conflict (company_id, whatsapp_id, type, key_id) do nothing`,
      [ref.companyId, ref.id],
    );
  }

  async unlink(ref: ConnectionRef): Promise<void> {
    await this.em.getConnection().execute('delete from channel_auth_keys where company_id = ? and whatsapp_id = ?', [ref.companyId, ref.id]);
  }
}

/** The built-in fake phone (enabled outside production only). */
@Injectable()
export class SimulatorProviderFactory implements ChannelProviderFactory {
  readonly provider = SIMULATOR_PROVIDER;
  private readonly sessions = new Map<number, SimulatorSession>();
  private readonly links: SimulatorLinkStore;

  constructor(em: EntityManager) {
    this.links = new AuthKeyLinkStore(em);
  }

  create(connection: ConnectionRef, events: ChannelEvents): SimulatorSession {
    const session = new SimulatorSession(connection, events, this.links, () => {
      if (this.sessions.get(connection.id) === session) this.sessions.delete(connection.id);
    });
    this.sessions.set(connection.id, session);
    return session;
  }

  /** The live simulated phone of a connection of this company. */
  session(companyId: number, connectionId: number): SimulatorSession {
    const session = this.sessions.get(connectionId);
    if (!session || session.ref.companyId !== companyId) throw appError('ERR_WAPP_NOT_INITIALIZED', 'No simulated phone is running for this connection');
    return session;
  }
}
