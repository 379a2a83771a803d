import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { systemSql, tenantSql } from '../infra/database/sql.js';
import type { SessionStatus } from './channel-provider.js';

export interface ConnectionRow {
  id: number;
  company_id: number;
  name: string;
  provider: string;
  is_default: boolean;
  status: string;
}

export interface StatusRow {
  id: number;
  name: string;
  status: string;
  qrcode: string | null;
  retries: number;
  phone_number: string | null;
  disconnect_reason: string | null;
  updated_at: Date;
}

/** The session columns a status change writes; an absent retries or phone number keeps the stored one. */
export interface StatusWrite {
  status: SessionStatus;
  qrcode: string | null;
  retries: number | null;
  phoneNumber: string | null;
  disconnectReason: string | null;
}

/** The connection rows the session manager and the simulator read and write. */
@Injectable()
export class ChannelsRepository {
  constructor(private readonly em: EntityManager) {}

  private sql(companyId: number) {
    return tenantSql(this.em.getConnection(), companyId);
  }

  /** Connections that should have a running session, or a QR code or pairing someone waits on. */
  sessionsToWatch(): Promise<Array<{ id: number; company_id: number; status: string; provider: string }>> {
    // The sweep restarts sessions of every company whose process died.
    return systemSql(this.em.getConnection()).all<{ id: number; company_id: number; status: string; provider: string }>(
      `select id, company_id, status, provider from whatsapps where status in ('CONNECTED', 'OPENING', 'qrcode', 'PAIRING') order by id`,
    );
  }

  /** Connected connections of these (stateless) providers, every company's: each process can send through them. */
  connectedOf(providers: string[]): Promise<ConnectionRow[]> {
    // Every company's: a process sends for all of them.
    return systemSql(this.em.getConnection()).all<ConnectionRow>(
      `select id, company_id, name, provider, is_default, status from whatsapps where provider = any(string_to_array(?::text, ',')) and status = 'CONNECTED' order by id`,
      // One text parameter: this runner spreads an array parameter into a list.
      [providers.join(',')],
    );
  }

  /** The provider of each of these connections (any company's: the inbox reconcilers look at all of them). */
  async providersOf(connectionIds: number[]): Promise<Map<number, string>> {
    // Every company's: the reconcilers of the inbox serve every tenant.
    const rows = await systemSql(this.em.getConnection()).all<{ id: number; provider: string }>(
      `select id, provider from whatsapps where id = any(string_to_array(?::text, ',')::int[])`,
      // One text parameter: this runner spreads an array parameter into a list.
      [connectionIds.join(',')],
    );
    return new Map(rows.map((r) => [r.id, r.provider]));
  }

  async connection(companyId: number, connectionId: number): Promise<ConnectionRow | null> {
    const rows = await this.sql(companyId).all<ConnectionRow>(
      'select id, company_id, name, provider, is_default, status from whatsapps where id = ? and company_id = ?',
      [connectionId, companyId],
    );
    return rows[0] ?? null;
  }

  /** Writes the session state; null when the connection is gone. */
  async setStatus(companyId: number, connectionId: number, change: StatusWrite): Promise<StatusRow | null> {
    const rows = await this.sql(companyId).all<StatusRow>(
      `update whatsapps
          set status = ?, qrcode = ?, retries = coalesce(?, retries), phone_number = coalesce(?, phone_number),
              disconnect_reason = ?, updated_at = now()
        where id = ? and company_id = ?
        returning id, name, status, qrcode, retries, phone_number, disconnect_reason, updated_at`,
      [change.status, change.qrcode, change.retries, change.phoneNumber, change.disconnectReason, connectionId, companyId],
    );
    return rows[0] ?? null;
  }

  /** Every simulated connection, default ones first. */
  simulatorConnections(provider: string): Promise<Array<{ id: number; company_id: number; name: string; is_default: boolean }>> {
    // The development phone serves every company's simulated connections.
    return systemSql(this.em.getConnection()).all<{ id: number; company_id: number; name: string; is_default: boolean }>(
      'select id, company_id, name, is_default from whatsapps where provider = ? order by is_default desc, company_id, id',
      [provider],
    );
  }

  /** A simulated connection's company, which the development phone does not know: it addresses the connection by id alone. */
  async simulatorConnection(provider: string, connectionId: number): Promise<{ company_id: number } | null> {
    // The development phone names a connection, not a company: this finds the company.
    const [row] = await systemSql(this.em.getConnection()).all<{ company_id: number }>('select company_id from whatsapps where id = ? and provider = ?', [
      connectionId,
      provider,
    ]);
    return row ?? null;
  }
}
