import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { RealtimeService } from '../infra/realtime/realtime.service.js';
import type { SessionStatus } from './channel-provider.js';

export interface StatusChange {
  status: SessionStatus;
  qrcode?: string | null;
  pairingCode?: string | null;
  retries?: number;
  phoneNumber?: string | null;
  disconnectReason?: string | null;
}

interface StatusRow {
  id: number;
  name: string;
  status: string;
  qrcode: string | null;
  retries: number;
  phone_number: string | null;
  disconnect_reason: string | null;
  updated_at: Date;
}

/** Writes a connection's session state and tells the company (`company-{id}-whatsappSession`). No secrets travel. */
@Injectable()
export class ConnectionStatusStore {
  constructor(
    private readonly em: EntityManager,
    private readonly realtime: RealtimeService,
  ) {}

  async set(companyId: number, connectionId: number, change: StatusChange): Promise<void> {
    const rows = await this.em.getConnection().execute<StatusRow[]>(
      `update whatsapps
          set status = ?, qrcode = ?, retries = coalesce(?, retries), phone_number = coalesce(?, phone_number),
              disconnect_reason = ?, updated_at = now()
        where id = ? and company_id = ?
        returning id, name, status, qrcode, retries, phone_number, disconnect_reason, updated_at`,
      [change.status, change.qrcode ?? null, change.retries ?? null, change.phoneNumber ?? null, change.disconnectReason ?? null, connectionId, companyId],
    );
    const row = rows[0];
    if (!row) return;
    this.realtime.toCompany(companyId, 'whatsappSession', {
      action: 'update',
      session: {
        id: row.id,
        name: row.name,
        status: row.status,
        qrcode: row.qrcode,
        pairingCode: change.pairingCode ?? null,
        retries: row.retries,
        phoneNumber: row.phone_number,
        disconnectReason: row.disconnect_reason,
        updatedAt: new Date(row.updated_at).toISOString(),
      },
    });
  }

  /** Drops the provider credentials of a connection (logout, new QR code, banned device). */
  async clearCredentials(companyId: number, connectionId: number): Promise<void> {
    await this.em.getConnection().execute('delete from channel_auth_keys where company_id = ? and whatsapp_id = ?', [companyId, connectionId]);
  }
}
