import { Injectable } from '@nestjs/common';
import { channelMetrics } from '../infra/metrics/instruments.js';
import { RealtimeService } from '../infra/realtime/realtime.service.js';
import { ChannelAuthKeysRepository } from './channel-auth-keys.repository.js';
import type { SessionStatus } from './channel-provider.js';
import { ChannelsRepository } from './channels.repository.js';

export interface StatusChange {
  status: SessionStatus;
  qrcode?: string | null;
  pairingCode?: string | null;
  retries?: number;
  phoneNumber?: string | null;
  disconnectReason?: string | null;
}

/** Writes a connection's session state and tells the company (`company-{id}-whatsappSession`). No secrets travel. */
@Injectable()
export class ConnectionStatusStore {
  constructor(
    private readonly connections: ChannelsRepository,
    private readonly authKeys: ChannelAuthKeysRepository,
    private readonly realtime: RealtimeService,
  ) {}

  async set(companyId: number, connectionId: number, change: StatusChange): Promise<void> {
    const row = await this.connections.setStatus(companyId, connectionId, {
      status: change.status,
      qrcode: change.qrcode ?? null,
      retries: change.retries ?? null,
      phoneNumber: change.phoneNumber ?? null,
      disconnectReason: change.disconnectReason ?? null,
    });
    if (!row) return;
    channelMetrics.statusChanges.inc({ status: change.status });
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
    await this.authKeys.clear(companyId, connectionId);
  }
}
