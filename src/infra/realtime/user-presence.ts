import { Injectable } from '@nestjs/common';
import { RealtimeService } from './realtime.service.js';
import { UserPresenceRepository } from './user-presence.repository.js';

/** online / lastSeenAt, written by the socket heartbeat and disconnects. */
@Injectable()
export class UserPresence {
  constructor(
    private readonly repository: UserPresenceRepository,
    private readonly realtime: RealtimeService,
  ) {}

  async markOnline(companyId: number, userId: number): Promise<void> {
    await this.write(companyId, userId, true);
  }

  async markOffline(companyId: number, userId: number): Promise<void> {
    await this.write(companyId, userId, false);
  }

  private async write(companyId: number, userId: number, online: boolean): Promise<void> {
    const row = await this.repository.write(companyId, userId, online);
    if (row)
      this.realtime.toCompany(companyId, 'user', {
        action: 'update',
        user: { id: row.id, online: row.online, lastSeenAt: new Date(row.last_seen_at).toISOString() },
      });
  }
}
